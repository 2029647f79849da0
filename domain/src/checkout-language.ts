/**
 * The language a checkout is written in: Stripe's payment page (`locale`) and the names of what
 * the donor pays for. The web app sends its interface language as `idioma` (docs/api.md); it is
 * only a preference, so it never refuses a donation: a tag is read by its primary subtag (`ro-RO`
 * is Romanian), and anything the site is not written in is Spanish, the site's default.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './messages';

/** Longer is no language tag (BCP 47's longest useful tags are far shorter). */
const MAX_TAG_LENGTH = 35;

/** `idioma` as sent: null when absent (the caller's `Accept-Language` decides), else a language. */
export function checkoutLanguage(idioma: unknown): Language | null {
  if (idioma === undefined || idioma === null) return null;
  if (typeof idioma !== 'string' || idioma.length > MAX_TAG_LENGTH) return DEFAULT_LANGUAGE;
  const primary = idioma.trim().split(/[-_]/, 1)[0]!.toLowerCase();
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}
