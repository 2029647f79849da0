/** The error catalogues: complete in every language, and found again from their Spanish text. */
import {
  DOMAIN_MESSAGES,
  LANGUAGES,
  ROMANIAN_FAMILIAR,
  SPANISH_FORMAL,
  registerSlips,
  type MessageText,
} from '@parroquia/domain';
import { describe, expect, it } from 'vitest';
import { callerLanguage } from '../src/api/language';
import { API_MESSAGES_BY_LANGUAGE } from '../src/api/messages';
import { messageCode, translate } from '../src/api/translate';
import { DONOR_CERTIFICATE_TEXTS } from '../src/pdf/donor-certificate-texts';

const CATALOGUES = { domain: DOMAIN_MESSAGES, api: API_MESSAGES_BY_LANGUAGE } as const;

/** Values a text is rendered with: what a rule would put there (a plot, a count, an amount). */
const SAMPLE_VALUES = ['K3', '12,50 €', '987,49 €'];
const render = (text: MessageText) =>
  typeof text === 'string'
    ? text
    : (text as (...values: string[]) => string)(...SAMPLE_VALUES.slice(0, text.length));

describe.each(Object.entries(CATALOGUES))('the %s catalogue', (_, catalogues) => {
  const keys = Object.keys(catalogues.es);

  it.each(keys)('%s exists in every language, as text of its own', (key) => {
    const texts = LANGUAGES.map((language) => {
      const text = (catalogues[language] as Record<string, MessageText>)[key];
      expect(text, `${language}.${key}`).toBeDefined();
      expect(typeof text).toBe(typeof catalogues.es[key as keyof typeof catalogues.es]);
      const rendered = render(text!);
      expect(rendered.trim()).not.toBe('');
      // Values reach every language's text.
      if (typeof text === 'function') {
        for (const value of SAMPLE_VALUES.slice(0, text.length)) expect(rendered).toContain(value);
      }
      return rendered;
    });
    expect(new Set(texts).size, `${key}: a language repeats another's text`).toBe(3);
  });

  it('has no key another language lacks or adds', () => {
    for (const language of LANGUAGES) expect(Object.keys(catalogues[language])).toEqual(keys);
  });

  it.each(keys)('%s is translated from its Spanish text, values kept', (key) => {
    const spanish = render(catalogues.es[key as keyof typeof catalogues.es]);
    for (const language of LANGUAGES) {
      const text = (catalogues[language] as Record<string, MessageText>)[key]!;
      expect(translate(spanish, language)).toBe(render(text));
    }
  });
});

describe('one register a language (domain/src/register.ts)', () => {
  it.each([
    ['ro', ROMANIAN_FAMILIAR],
    ['es', SPANISH_FORMAL],
  ] as const)('%s: the API messages and the donor certificate', (language, register) => {
    const texts = [
      ...Object.values(API_MESSAGES_BY_LANGUAGE[language]).map(render),
      ...Object.values(DONOR_CERTIFICATE_TEXTS[language]).map(render),
    ];
    expect(texts.filter((text) => registerSlips(text, register).length > 0)).toEqual([]);
  });
});

describe('translate', () => {
  it('translates a schema message inside invalidField, and the wrapper', () => {
    const spanish = API_MESSAGES_BY_LANGUAGE.es.invalidField(
      DOMAIN_MESSAGES.es.codeMissing,
      'code',
    );
    expect(translate(spanish, 'ro')).toBe('Scrieți codul. (câmp: code)');
    expect(translate(spanish, 'en')).toBe('Enter the code. (field: code)');
  });

  it('keeps a text no catalogue has as it is', () => {
    expect(translate('Un texto nuevo.', 'en')).toBe('Un texto nuevo.');
  });
});

describe('messageCode: the key an error answer carries', () => {
  it('finds every entry of every catalogue again from its Spanish text, with values or not', () => {
    for (const catalogues of Object.values(CATALOGUES)) {
      for (const [key, text] of Object.entries(catalogues.es)) {
        expect(messageCode(render(text as MessageText)), key).toBe(key);
      }
    }
  });

  it('answers unknown for a text no catalogue has', () => {
    expect(messageCode('Un texto nuevo.')).toBe('unknown');
  });
});

describe('callerLanguage (Accept-Language)', () => {
  it.each([
    [undefined, 'es'],
    ['', 'es'],
    ['ro', 'ro'],
    ['en-GB,en;q=0.9', 'en'],
    ['de-DE, fr;q=0.9, ro;q=0.5, en;q=0.4', 'ro'],
    ['es;q=0.2, en;q=0.8', 'en'],
    ['en;q=0, ro', 'ro'],
    ['RO-ro', 'ro'],
    ['de, fr', 'es'],
    ['*', 'es'],
    ['en;q=abc, ro;q=0.1', 'ro'],
  ])('%j is %s', (header, language) => {
    expect(callerLanguage({ 'accept-language': header })).toBe(language);
  });
});
