// @vitest-environment jsdom
/** The document's language and meta description follow the language in use (issue 21). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import ro from '@/locales/ro.json';
import { i18n } from './i18n';

const description = () =>
  document.querySelector('meta[name="description"]')?.getAttribute('content');

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = 'description';
  document.head.append(meta);
});

afterEach(() => {
  document.head.querySelector('meta[name="description"]')?.remove();
});

describe('the document in the language in use', () => {
  it('index.html starts in Spanish with the Spanish description', () => {
    const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.documentElement.lang).toBe('es');
    const meta = page.querySelector('meta[name="description"]');
    expect(meta?.getAttribute('content')).toBe(es.meta.description);
  });

  it.each([
    ['en', en.meta.description],
    ['ro', ro.meta.description],
    ['es', es.meta.description],
  ])('switching to %s changes <html lang> and the meta description', async (language, text) => {
    await i18n.changeLanguage(language);
    expect(document.documentElement.lang).toBe(language);
    expect(description()).toBe(text);
  });

  it('the descriptions are different texts, none empty', () => {
    const texts = [es, en, ro].map((catalogue) => catalogue.meta.description);
    expect(new Set(texts).size).toBe(3);
    for (const text of texts) expect(text.length).toBeGreaterThan(50);
  });
});
