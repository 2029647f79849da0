/**
 * A Checkout Session's `locale`: the values Stripe accepts (the SDK's
 * `Checkout.SessionCreateParams.Locale`), any other one refused as Stripe refuses it, before the
 * endpoint begins executing. Stripe shows its page in the locale, or in the browser's language
 * when it is `auto` or unset; the double knows only the parish's three languages, and shows every
 * other locale in English, Stripe's own fallback.
 */
import type Stripe from 'stripe';
import { invalidParam } from '../errors.ts';

/** The SDK's named locales, without its open-ended `OtherString`. */
type Named<T> = T extends string ? (string extends T ? never : T) : never;
type StripeLocale = Named<Stripe.Checkout.SessionCreateParams.Locale>;

/** Stripe's list, as the SDK's types spell it (a value missing from it fails the typecheck). */
export const STRIPE_LOCALES = [
  'auto',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'en-GB',
  'es',
  'es-419',
  'et',
  'fi',
  'fil',
  'fr',
  'fr-CA',
  'hi-IN',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'mt',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tr',
  'vi',
  'zh',
  'zh-HK',
  'zh-TW',
] as const satisfies readonly StripeLocale[];

export type CheckoutLocale = (typeof STRIPE_LOCALES)[number];

/** The languages the double's hosted page is written in. */
export type PageLanguage = 'es' | 'en' | 'ro';
const PAGE_LANGUAGES: readonly PageLanguage[] = ['es', 'en', 'ro'];

/** The `locale` parameter: unset is null (Stripe then follows the browser, as for `auto`). */
export function sessionLocale(value: string | undefined): CheckoutLocale | null {
  if (value === undefined || value === '') return null;
  const locale = STRIPE_LOCALES.find((known) => known === value);
  if (locale) return locale;
  throw invalidParam(`Invalid locale: must be one of ${STRIPE_LOCALES.join(', ')}`, 'locale');
}

/**
 * The language of the hosted page: the session's locale by its primary subtag (`es-419` is
 * Spanish); for `auto` or none, the first of the browser's `Accept-Language` the page is written
 * in; English otherwise.
 */
export function pageLanguage(
  locale: string | null,
  acceptLanguage: string | undefined,
): PageLanguage {
  const primary = (tag: string) => tag.trim().split(/[-;]/, 1)[0]!.toLowerCase();
  const known = (tag: string) => PAGE_LANGUAGES.find((language) => language === primary(tag));
  if (locale !== null && locale !== 'auto') return known(locale) ?? 'en';
  const browser = (acceptLanguage ?? '').split(',').map(known).find(Boolean);
  return browser ?? 'en';
}
