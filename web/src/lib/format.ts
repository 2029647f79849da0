/** Money and dates in the active language's conventions (Intl), never by hand. */
import {
  CASH_LIMIT_CENTS_PER_MONTH,
  formatEuroCents,
  PLOT_PRICE_CENTS,
  RESERVATION_BALANCE_CENTS,
  RESERVATION_DEPOSIT_CENTS,
} from '@parroquia/domain';

const LOCALE_OF: Record<string, string> = { es: 'es-ES', en: 'en-GB', ro: 'ro-RO' };

export function localeOf(language: string): string {
  return LOCALE_OF[language.slice(0, 2)] ?? 'es-ES';
}

export function formatMoney(cents: number, language: string): string {
  return formatEuroCents(cents, localeOf(language));
}

/** Intl's formatters are costly to make and free to reuse: one per locale. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function formatterOf<F>(cache: Map<string, F>, locale: string, make: (locale: string) => F): F {
  let format = cache.get(locale);
  if (!format) {
    format = make(locale);
    cache.set(locale, format);
  }
  return format;
}

export function formatDate(date: Date, language: string): string {
  return formatterOf(
    dateFormats,
    localeOf(language),
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }),
  ).format(date);
}

const lastDayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The last day a reservation's deadline leaves (`lastDayOf` in the domain): a deadline ends at
 * an instant, and one extended to a day ends at that day's close, the next midnight in Spain, so
 * the day shown is the one just before it ends, in the parish's calendar wherever the reader is.
 */
export function formatLastDay(deadline: number | string, language: string): string {
  const ends = typeof deadline === 'number' ? deadline : Date.parse(deadline);
  return formatterOf(
    lastDayFormats,
    localeOf(language),
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Madrid' }),
  ).format(ends - 1);
}

export function formatNumber(value: number, language: string): string {
  return formatterOf(numberFormats, localeOf(language), (locale) => new Intl.NumberFormat(locale)).format(
    value,
  );
}

/** The campaign's amounts for texts that name them, formatted as every price on the site. */
export function priceTexts(language: string) {
  return {
    price: formatMoney(PLOT_PRICE_CENTS, language),
    deposit: formatMoney(RESERVATION_DEPOSIT_CENTS, language),
    rest: formatMoney(RESERVATION_BALANCE_CENTS, language),
    cashLimit: formatMoney(CASH_LIMIT_CENTS_PER_MONTH, language),
  };
}
