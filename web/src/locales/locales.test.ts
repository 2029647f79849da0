import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/i18n';
import en from './en.json';
import es from './es.json';
import ro from './ro.json';
import legalEn from './legal/en.json';
import legalEs from './legal/es.json';
import legalRo from './legal/ro.json';
import staffEn from './staff/en.json';
import staffEs from './staff/es.json';
import staffRo from './staff/ro.json';

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

/** A language's words: the site's catalogue and the staff screens' (their keys apart). */
const whole = {
  es: { ...es, ...staffEs },
  en: { ...en, ...staffEn },
  ro: { ...ro, ...staffRo },
};

const catalogues = Object.fromEntries(
  LANGUAGES.map((language) => [language, flatten(whole[language])]),
);

/** i18next's plural suffixes: a key `x_few` is one form of the plural `x`. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A key as every language must have it: a plural by its base, since each has its own forms. */
const sharedKey = (key: string) => key.replace(PLURAL, '');
const allKeys = [
  ...new Set(Object.values(catalogues).flatMap((leaves) => [...leaves.keys()].map(sharedKey))),
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
      const own = new Set([...leaves.keys()].map(sharedKey));
      expect(allKeys.filter((key) => !own.has(key))).toEqual([]);
    });

    it('gives each plural every form the language has (Intl.PluralRules), no other', () => {
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const plurals = [
        ...new Set([...leaves.keys()].filter((key) => PLURAL.test(key)).map(sharedKey)),
      ];
      expect(plurals.length).toBeGreaterThan(0);
      for (const plural of plurals) {
        const given = [...leaves.keys()]
          .filter((key) => sharedKey(key) === plural && PLURAL.test(key))
          .map((key) => PLURAL.exec(key)![1]);
        expect(given.sort(), `${language}: ${plural}`).toEqual([...forms].sort());
      }
    });

    it('shows a text, never its key, for any count', async () => {
      const { createInstance } = await import('i18next');
      const i18n = createInstance();
      await i18n.init({
        lng: language,
        resources: { [language]: { translation: whole[language] } },
      });
      const plurals = [
        ...new Set([...leaves.keys()].filter((key) => PLURAL.test(key)).map(sharedKey)),
      ];
      for (const plural of plurals) {
        for (const count of [0, 1, 2, 5, 19, 20, 21, 101, 1_000_000]) {
          const text = (i18n.t as (key: string, options: { count: number }) => string)(plural, {
            count,
          });
          expect(text, `${language}: ${plural} (${count})`).not.toBe(plural);
        }
      }
    });

    it('has a non-empty text for every key', () => {
      const blank = [...leaves].filter(
        ([, text]) => typeof text !== 'string' || text.trim() === '',
      );
      expect(blank.map(([key]) => key)).toEqual([]);
    });

    it('uses the same {{placeholders}} as Spanish', () => {
      const spanish = catalogues.es!;
      // A plural's forms are compared with Spanish's `other`, which every language has.
      const textOf = (of: Map<string, unknown>, key: string) =>
        String(of.get(key) ?? of.get(`${key}_other`));
      const mismatched = allKeys.filter(
        (key) =>
          placeholders(textOf(leaves, key)).join() !== placeholders(textOf(spanish, key)).join(),
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
