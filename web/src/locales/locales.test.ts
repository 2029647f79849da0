import { describe, expect, it } from 'vitest';
import { LANGUAGES, resources } from '@/lib/i18n';

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
  LANGUAGES.map((language) => [language, flatten(resources[language].translation)]),
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
