/**
 * What the document itself says about its language: `<html lang>` (screen readers, hyphenation,
 * search engines) and the meta description search results show. index.html carries the Spanish
 * ones for the first paint and for crawlers that run no script; they follow the language in use.
 */
export function showLanguageInDocument(language: string, description: string): void {
  document.documentElement.lang = language;
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);
}
