/**
 * Interface languages (SPEC.md 1): es (default and fallback), en, ro. Detected from `?lng=`,
 * a cookie, local storage, session storage, the browser and the html tag; cached in local
 * storage. The three catalogues are small, so they ship in the main bundle.
 */
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import ro from '@/locales/ro.json';

export const LANGUAGES = ['es', 'en', 'ro'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export const resources = {
  es: { translation: es },
  en: { translation: en },
  ro: { translation: ro },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof es };
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The supported language i18next resolved to (e.g. `en` for a browser in `en-GB`). */
export function currentLanguage(): Language {
  const resolved = i18n.resolvedLanguage;
  return isLanguage(resolved) ? resolved : DEFAULT_LANGUAGE;
}

i18n.on('languageChanged', () => {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();
});

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false }, // React escapes already.
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      caches: ['localStorage'],
    },
    // Resources are bundled, so init completes synchronously and no render waits on it.
    initAsync: false,
  });

export { i18n };
