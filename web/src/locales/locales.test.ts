import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/i18n';
import en from './en.json';
import es from './es.json';
import ro from './ro.json';
import legalEn from './legal/en.json';
import legalEs from './legal/es.json';
import legalRo from './legal/ro.json';

type Catalogue = { [key: string]: string | Catalogue };

/** Every leaf as `dotted.key` -> text. */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [leaf, text] of flatten(value, path)) leaves.set(leaf, text);
    } else {
      leaves.set(path, value);
    }
  }
  return leaves;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const catalogues = Object.fromEntries(
  LANGUAGES.map((language) => [language, flatten({ es, en, ro }[language])]),
);
const allKeys = [
  ...new Set(Object.values(catalogues).flatMap((leaves) => [...leaves.keys()])),
].sort();

describe('translation catalogues', () => {
  it('cover the footer keys the specification names', () => {
    expect(allKeys).toEqual(
      expect.arrayContaining(['footer.privacy', 'footer.cookies', 'footer.legal']),
    );
  });

  describe.each(LANGUAGES)('%s', (language) => {
    const leaves = catalogues[language]!;

    it('has every key of every language', () => {
      expect(allKeys.filter((key) => !leaves.has(key))).toEqual([]);
    });

    it('has a non-empty text for every key', () => {
      const blank = [...leaves].filter(
        ([, text]) => typeof text !== 'string' || text.trim() === '',
      );
      expect(blank.map(([key]) => key)).toEqual([]);
    });

    it('uses the same {{placeholders}} as Spanish', () => {
      const spanish = catalogues.es!;
      const mismatched = allKeys.filter(
        (key) =>
          placeholders(String(leaves.get(key))).join() !==
          placeholders(String(spanish.get(key))).join(),
      );
      expect(mismatched).toEqual([]);
    });
  });
});

describe('legal texts (loaded with the legal pages)', () => {
  const legal = { es: flatten(legalEs), en: flatten(legalEn), ro: flatten(legalRo) };
  const keys = [...legal.es.keys()].sort();

  it.each(LANGUAGES)('%s has the same sections as Spanish, none blank', (language) => {
    expect([...legal[language].keys()].sort()).toEqual(keys);
    const blank = [...legal[language]].filter(([, text]) => String(text).trim() === '');
    expect(blank).toEqual([]);
  });

  it('the privacy policy names the providers actually used', () => {
    for (const language of LANGUAGES) {
      const privacy = [...legal[language]]
        .filter(([key]) => key.startsWith('privacy.'))
        .map(([, text]) => String(text))
        .join(' ');
      expect(privacy).toContain('Stripe');
      expect(privacy).toContain('Google Firebase');
    }
  });
});
