/**
 * Interface languages (docs/product.md): es (default and fallback), en, ro. Detected by
 * i18next-browser-languagedetector from `?lng=`, the `i18next` cookie, local storage, session
 * storage, the browser's languages and the html tag, in that order; cached in local storage.
 * A detected regional code is reduced to its language before i18next sees it (`ro-RO` → `ro`),
 * so `i18n.language` is always a bare code and the cache holds one we support. Every catalogue,
 * Spanish included, loads on demand: the detected one before the first render (`main.tsx`), so a
 * visitor downloads only the language they read. The staff screens' texts are a catalogue of
 * their own (`locales/staff/<language>.json`), loaded with a staff page's code
 * (`loadStaffTexts`): a donor never downloads them.
 */
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@parroquia/domain';
import { showLanguageInDocument } from '@/lib/document-language';

// The domain's languages (the API, the e-mails and the PDFs speak the same three), as a type:
// importing the domain's list itself put its message catalogue in the entry (+7 KB gzip, seen
// in the build). `satisfies` names each of the union's members once, no more, no fewer.
export type { Language };
const ONE_EACH = { es: true, en: true, ro: true } satisfies Record<Language, true>;
export const LANGUAGES = Object.keys(ONE_EACH) as readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'es';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

type Catalogue = typeof import('@/locales/es.json') & typeof import('@/locales/staff/es.json');

type Loaders = Record<Language, () => Promise<{ default: object }>>;

// Each catalogue has its language's plural forms (`_few` in Romanian, `_many` in Spanish), so
// only Spanish's shape types the keys; the others are loaded as the objects they are.
const PARTS = {
  site: {
    es: () => import('@/locales/es.json'),
    en: () => import('@/locales/en.json'),
    ro: () => import('@/locales/ro.json'),
  },
  staff: {
    es: () => import('@/locales/staff/es.json'),
    en: () => import('@/locales/staff/en.json'),
    ro: () => import('@/locales/staff/ro.json'),
  },
} satisfies Record<string, Loaders>;
type Part = keyof typeof PARTS;

/** The parts of the catalogue this page needs: the site's always, the staff's once asked for. */
const wanted = new Set<Part>(['site']);
/** `language:part` of every part added, or being added, to i18next. */
const added = new Map<string, Promise<void>>();

function addPart(language: Language, part: Part): Promise<void> {
  const key = `${language}:${part}`;
  let adding = added.get(key);
  if (!adding) {
    adding = PARTS[part][language]().then((catalogue) => {
      i18n.addResourceBundle(language, 'translation', catalogue.default, true, true);
    });
    // A failed download is tried again the next time it is needed.
    adding.catch(() => added.delete(key));
    added.set(key, adding);
  }
  return adding;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

/** The supported language i18next resolved to (e.g. `en` for a browser in `en-GB`). */
export function currentLanguage(): Language {
  const resolved = i18n.resolvedLanguage;
  return isLanguage(resolved) ? resolved : DEFAULT_LANGUAGE;
}

/**
 * The supported language asked for (detected or picked), whether or not its catalogue has
 * arrived; `currentLanguage` is the one in use.
 */
export function requestedLanguage(): Language {
  const asked = (i18n.language ?? '').slice(0, 2);
  return isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
}

/**
 * Loads the requested language's catalogue (and the staff's texts once a staff page asked for
 * them), then switches to it once every part has arrived.
 */
export async function loadLanguage(language: Language = requestedLanguage()): Promise<void> {
  // Parts already added, or being added for another caller, are waited for, not asked again.
  await Promise.all([...wanted].map((part) => addPart(language, part)));
  // i18next settles the language in use when it changes, so change again now it has a catalogue.
  if (requestedLanguage() === language && i18n.resolvedLanguage !== language) {
    await i18n.changeLanguage(i18n.language);
  }
}

/**
 * The staff screens' texts, in the language in use and, from now on, in every language the page
 * switches to: a staff page's module waits for them (`app/router.tsx`).
 */
export function loadStaffTexts(language: Language = requestedLanguage()): Promise<void> {
  wanted.add('staff');
  return loadLanguage(language);
}

i18n.on('languageChanged', () => {
  if (typeof document !== 'undefined') {
    showLanguageInDocument(currentLanguage(), i18n.t('meta.description'));
  }
  loadLanguage().catch((error: unknown) => console.error('language catalogue not loaded', error));
});

// No backend: init settles at once, and a catalogue failure is loadLanguage's, logged where called.
void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: {},
    partialBundledLanguages: true,
    // Re-render when a catalogue arrives.
    react: { bindI18nStore: 'added' },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
      lookupSessionStorage: 'i18nextLng',
      caches: ['localStorage'],
      convertDetectedLanguage: (code: string) => code.split(/[-_]/)[0]!.toLowerCase(),
    },
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false }, // React escapes already.
    // No backend: init completes synchronously; `loadLanguage` adds the catalogues.
    initAsync: false,
  });

export { i18n };
