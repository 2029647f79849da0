// @vitest-environment jsdom
/**
 * Language detection (docs/product.md): ?lng first, then cookie, local storage, session storage, the
 * browser, the html tag; cached in local storage; es when nothing supported is found.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, i18n } from './i18n';

async function detectWith(setup: () => void): Promise<string> {
  setup();
  await i18n.changeLanguage(undefined); // undefined: run the detector again
  return currentLanguage();
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('language detection', () => {
  it('takes ?lng= before anything stored, and caches it', async () => {
    localStorage.setItem('i18nextLng', 'en');
    expect(await detectWith(() => window.history.replaceState(null, '', '/?lng=ro'))).toBe('ro');
    expect(localStorage.getItem('i18nextLng')).toBe('ro');
  });

  it('takes the cookie before local storage', async () => {
    localStorage.setItem('i18nextLng', 'en');
    expect(await detectWith(() => (document.cookie = 'i18next=ro; path=/'))).toBe('ro');
  });

  it('takes local storage before session storage', async () => {
    sessionStorage.setItem('i18nextLng', 'ro');
    expect(await detectWith(() => localStorage.setItem('i18nextLng', 'en'))).toBe('en');
  });

  it('reduces a regional code to its language', async () => {
    expect(await detectWith(() => window.history.replaceState(null, '', '/?lng=ro-RO'))).toBe('ro');
  });

  it.each([
    [['ro-RO', 'ro'], 'ro'],
    [['es-419'], 'es'],
    [['en-GB', 'en'], 'en'],
  ])('a phone set to %j is read as %s, which is what the site uses and caches', async (phone, code) => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(phone);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(phone[0]!);
    // The set-up's Spanish is cached; a first visit has nothing stored.
    expect(await detectWith(() => localStorage.clear())).toBe(code);
    // Everything that reads i18next's language (the certificate's download among them) sees a
    // code we support, never the phone's `ro-RO`.
    expect(i18n.language).toBe(code);
    expect(localStorage.getItem('i18nextLng')).toBe(code);
  });

  it('an unsupported ?lng gives Spanish, not the browser language (jsdom: en-US)', async () => {
    expect(await detectWith(() => window.history.replaceState(null, '', '/?lng=de'))).toBe('es');
  });

  it('falls back to Spanish when nothing supported is found', async () => {
    await i18n.changeLanguage('de');
    expect(currentLanguage()).toBe('es');
  });
});
