/**
 * The legal pages' long texts, one file per language (`locales/legal/<language>.json`), loaded
 * with the page so that no other page carries them. The router asks for the visitor's file
 * together with the page's own module (`preloadLegalTexts`), so the text does not wait for
 * the page to render first.
 */
import { requestedLanguage, type Language } from '@/lib/i18n';
import type legalEs from '@/locales/legal/es.json';

export type LegalTexts = typeof legalEs;

const LOADERS: Record<Language, () => Promise<{ default: LegalTexts }>> = {
  es: () => import('@/locales/legal/es.json'),
  en: () => import('@/locales/legal/en.json'),
  ro: () => import('@/locales/legal/ro.json'),
};

export function loadLegalTexts(language: Language): Promise<LegalTexts> {
  return LOADERS[language]().then((module) => module.default);
}

/** Starts loading the texts of the language asked for; the page gets the same module. */
export function preloadLegalTexts(): void {
  // A preload only: the page loads the texts again and shows a failure.
  void loadLegalTexts(requestedLanguage()).catch(() => {});
}
