/** Money and dates in the active language's conventions (Intl), never by hand. */
import { formatEuroCents } from '@parroquia/domain';

const LOCALE_OF: Record<string, string> = { es: 'es-ES', en: 'en-GB', ro: 'ro-RO' };

export function localeOf(language: string): string {
  return LOCALE_OF[language.slice(0, 2)] ?? 'es-ES';
}

export function formatMoney(cents: number, language: string): string {
  return formatEuroCents(cents, localeOf(language));
}

export function formatDate(date: Date, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long' }).format(date);
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}
