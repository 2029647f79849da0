/**
 * Which language a visitor reads (docs/product.md), for i18next: every language the visit names,
 * in this order, of which i18next takes the first it supports: `?lng=`, the `i18next` cookie,
 * local storage, session storage (`i18nextLng`), the browser's languages, the html tag. The one
 * in use is remembered in local storage. A few lines instead of a detector library: every page
 * downloads this first.
 */
import type { LanguageDetectorModule } from 'i18next';

const STORAGE_KEY = 'i18nextLng';
const COOKIE = 'i18next';

/** A language code i18next accepts: letters, digits, `-_@.` (no `..`), at most 128 long. */
function isSafeCode(code: string): boolean {
  return /^[A-Za-z0-9_@.-]{1,128}$/.test(code) && !code.includes('..');
}

function cookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

function stored(storage: () => Storage): string | null {
  try {
    return storage().getItem(STORAGE_KEY);
  } catch {
    // Storage off (private mode, a sandboxed frame): nothing remembered.
    return null;
  }
}

export function detectedLanguages(): string[] {
  const named = [
    new URLSearchParams(window.location.search).get('lng'),
    cookie(COOKIE),
    stored(() => window.localStorage),
    stored(() => window.sessionStorage),
    ...navigator.languages,
    navigator.language,
    document.documentElement.getAttribute('lang'),
  ];
  return named.filter((code): code is string => typeof code === 'string' && isSafeCode(code));
}

export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: detectedLanguages,
  cacheUserLanguage(language) {
    try {
      window.localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // Storage off: the language is detected again on the next visit.
    }
  },
};
