/**
 * One register a language, in every text the site shows (docs/screens.md, "Register"):
 * Romanian in the polite form (dumneavoastră), as a parish writes to its faithful; Spanish in tú.
 * `registerSlips` (domain/src/register.ts) says which words give the other register away and
 * why those words: pronouns and 2nd person singular forms anywhere, familiar imperatives where
 * an instruction begins (elsewhere they are the polite 3rd person: "Parohia înregistrează").
 */
import { ROMANIAN_FAMILIAR, SPANISH_FORMAL, registerSlips, type Register } from '@parroquia/domain';
import { describe, expect, it } from 'vitest';
import es from './es.json';
import ro from './ro.json';
import legalEs from './legal/es.json';
import legalRo from './legal/ro.json';
import staffEs from './staff/es.json';
import staffRo from './staff/ro.json';

type Catalogue = { [key: string]: string | Catalogue };

/** Every text of a catalogue, by its dotted key. */
function texts(catalogue: Catalogue, prefix = ''): Array<[string, string]> {
  return Object.entries(catalogue).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : texts(value, path);
  });
}

/** `key: slips` for every text with a word of the other register. */
const slipsOf = (catalogue: Catalogue, register: Register) =>
  texts(catalogue)
    .map(([key, text]) => [key, registerSlips(text, register)] as const)
    .filter(([, slips]) => slips.length > 0)
    .map(([key, slips]) => `${key}: ${slips.join(', ')}`);

describe('one register a language', () => {
  it('Romanian: every key of ro.json, the staff texts and the legal texts is in the polite form', () => {
    expect(slipsOf(ro, ROMANIAN_FAMILIAR)).toEqual([]);
    expect(slipsOf(staffRo, ROMANIAN_FAMILIAR)).toEqual([]);
    expect(slipsOf(legalRo, ROMANIAN_FAMILIAR)).toEqual([]);
  });

  it('Spanish: every key of es.json, the staff texts and the legal texts says tú, never usted', () => {
    expect(slipsOf(es, SPANISH_FORMAL)).toEqual([]);
    expect(slipsOf(staffEs, SPANISH_FORMAL)).toEqual([]);
    expect(slipsOf(legalEs, SPANISH_FORMAL)).toEqual([]);
  });

  it('would catch the slips it guards against', () => {
    const familiar = { map: { note: 'Cumpără: donezi parcela întreagă ({{price}}).' } };
    expect(slipsOf(familiar, ROMANIAN_FAMILIAR)).toEqual(['map.note: donezi, cumpără']);
  });
});
