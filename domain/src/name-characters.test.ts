import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDonorName } from './donor-name';
import { DEFAULT_DONOR_NAME, syncUserBodySchema, updateUserBodySchema } from './donor-profile';
import { DOMAIN_MESSAGES, LANGUAGES } from './messages';
import { hasLineControls, isBlankName, trimInvisible, visibleText } from './name-characters';
import { validatePhysicalCertificateRegistration } from './physical-certificate';

/** The invisible characters people paste into names, by name. */
const INVISIBLE_CHARACTERS = {
  space: ' ',
  tab: '\t',
  'no-break space': '\u00A0',
  'soft hyphen': '\u00AD',
  'combining grapheme joiner': '\u034F',
  'Hangul choseong filler': '\u115F',
  'Hangul jungseong filler': '\u1160',
  'Mongolian vowel separator': '\u180E',
  'en quad': '\u2000',
  'thin space': '\u2009',
  'zero-width space': '\u200B',
  'zero-width non-joiner': '\u200C',
  'zero-width joiner': '\u200D',
  'left-to-right mark': '\u200E',
  'right-to-left mark': '\u200F',
  'line separator': '\u2028',
  'paragraph separator': '\u2029',
  'left-to-right embedding': '\u202A',
  'right-to-left embedding': '\u202B',
  'pop directional formatting': '\u202C',
  'left-to-right override': '\u202D',
  'right-to-left override': '\u202E',
  'narrow no-break space': '\u202F',
  'word joiner': '\u2060',
  'invisible separator': '\u2063',
  'left-to-right isolate': '\u2066',
  'right-to-left isolate': '\u2067',
  'first strong isolate': '\u2068',
  'pop directional isolate': '\u2069',
  'braille pattern blank': '\u2800',
  'ideographic space': '\u3000',
  'Hangul filler': '\u3164',
  'variation selector 16': '\uFE0F',
  'byte order mark': '\uFEFF',
  'halfwidth Hangul filler': '\uFFA0',
  'tag space': '\u{E0020}',
} as const;

const invisibleCharacter = fc.constantFrom(...Object.values(INVISIBLE_CHARACTERS));
const invisibleRun = (maxLength = 8) =>
  fc.array(invisibleCharacter, { maxLength }).map((run) => run.join(''));

/** Letters of Spanish and Romanian names, precomposed and decomposed. */
const letter = fc.constantFrom(
  ...'AaBbÇçEeÉéÍíÑñÓóÚúÜüĂăÂâÎîȘșȚțŞşŢţZz',
  's\u0326',
  'T\u0326',
  'a\u0306',
  'a\u0302',
  'i\u0302',
  'n\u0303',
);
const joint = fc.constantFrom(' ', '-', "'", '. ');
/** A name that starts and ends with a letter: nothing at its ends is invisible. */
const visibleName = fc
  .array(fc.tuple(fc.array(letter, { minLength: 1, maxLength: 8 }), joint), {
    minLength: 1,
    maxLength: 4,
  })
  .map((words) =>
    words.map(([letters, separator], i) => (i === 0 ? '' : separator) + letters.join('')).join(''),
  );

describe('trimInvisible', () => {
  it.each(Object.entries(INVISIBLE_CHARACTERS))('trims a %s off both ends', (_, character) => {
    expect(trimInvisible(`${character}Ana Pop${character}${character}`)).toBe('Ana Pop');
  });

  it('keeps what is inside, and a name whose ends are visible as it is', () => {
    fc.assert(
      fc.property(invisibleRun(), visibleName, invisibleRun(), (before, name, after) => {
        expect(trimInvisible(before + name + after)).toBe(name);
        expect(trimInvisible(name)).toBe(name);
      }),
    );
  });

  it('leaves a combining mark at the end, on its letter', () => {
    expect(trimInvisible('Ana\u0301\u200B')).toBe('Ana\u0301');
  });
});

describe('isBlankName', () => {
  it.each(Object.entries(INVISIBLE_CHARACTERS))('finds a name of %s blank', (_, character) => {
    expect(isBlankName(character.repeat(3))).toBe(true);
  });

  it('finds any mix of invisible characters and combining marks blank, and the empty name', () => {
    const mark = fc.constantFrom('\u0301', '\u0326', '\u0306', '\u0308', '\u20DD');
    fc.assert(
      fc.property(fc.array(fc.oneof(invisibleCharacter, mark)), (characters) => {
        expect(isBlankName(characters.join(''))).toBe(true);
      }),
    );
  });

  it('finds a name with one visible character in it not blank', () => {
    fc.assert(
      fc.property(invisibleRun(), visibleName, invisibleRun(), (before, name, after) => {
        expect(isBlankName(before + name + after)).toBe(false);
      }),
    );
    for (const name of ['.', '-', '李', 'Ω', '<b>', '\u200B1'])
      expect(isBlankName(name)).toBe(false);
  });
});

describe('hasLineControls', () => {
  it.each([
    ['a line feed', '\n'],
    ['a carriage return', '\r'],
    ['NUL', '\0'],
    ['the line separator', '\u2028'],
    ['the paragraph separator', '\u2029'],
    ['a right-to-left override', '\u202E'],
    ['a left-to-right embedding', '\u202A'],
    ['a first strong isolate', '\u2068'],
  ])('finds %s', (_, character) => {
    expect(hasLineControls(`Ana${character}Pop`)).toBe(true);
  });

  it('finds none in names with zero-width characters, soft hyphens or marks inside', () => {
    for (const name of ['Ana\u200BPop', 'Ana\u200DPop', 'Ana\u00ADPop', 'Ana\u200EPop', 'Sn\u0326'])
      expect(hasLineControls(name)).toBe(false);
    fc.assert(
      fc.property(visibleName, (name) => {
        expect(hasLineControls(name)).toBe(false);
      }),
    );
  });
});

describe('visibleText', () => {
  it('composes letters, drops what shows nothing and keeps one space between words', () => {
    expect(visibleText('\u200B S\u0326tefan\u00A0\u3000T\u0326a\u0306ranu\u200D\u2060 ')).toBe(
      'Ștefan Țăranu',
    );
    expect(visibleText('Ana\u202Eeval\u202C \u2028 Pop')).toBe('Anaeval Pop');
    expect(visibleText('\u3164\u115F\u1160\uFEFF')).toBe('');
  });

  it('answers no default-ignorable character, no run of spaces, composed text, and is stable', () => {
    const anything = fc
      .array(fc.oneof(invisibleCharacter, letter, joint))
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(anything, (text) => {
        const visible = visibleText(text);
        expect(visible).not.toMatch(/\p{Default_Ignorable_Code_Point}|\s\s|^\s|\s$|[^\S ]/u);
        expect(visible).toBe(visible.normalize('NFC'));
        expect(visibleText(visible)).toBe(visible);
        expect(isBlankName(visible)).toBe(isBlankName(text));
      }),
    );
  });
});

/**
 * Every place a name is taken decides by this one rule: the sign-up form (`checkDonorName`), the
 * profile (`update_user`), the sign-in sync and staff registrations of cash or transfer gifts.
 */
describe('the name rule, wherever a name is typed', () => {
  const profile = (name: string) => updateUserBodySchema.safeParse({ name });
  const sync = (name: string) => syncUserBodySchema.safeParse({ name, sub: 'u1' });
  const staff = (name: string) =>
    validatePhysicalCertificateRegistration({
      email: 'ana@example.es',
      code: 'ABCD2345',
      name,
      parcelas: ['K3'],
    });
  const refusal = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? null : result.error!.issues[0]!.message;

  it('refuses a name of invisible characters as empty, in each language; sync and staff keep none', () => {
    fc.assert(
      fc.property(fc.array(invisibleCharacter, { minLength: 1, maxLength: 130 }), (characters) => {
        const name = characters.join('');
        for (const language of LANGUAGES) {
          expect(checkDonorName(name, language)).toEqual({
            ok: false,
            message: DOMAIN_MESSAGES[language].nameEmpty,
          });
        }
        expect(refusal(profile(name))).toBe(DOMAIN_MESSAGES.es.nameEmpty);
        expect(sync(name)).toMatchObject({ success: true, data: { name: DEFAULT_DONOR_NAME } });
        expect(staff(name)).toMatchObject({ ok: true, value: { name: '' } });
      }),
    );
  });

  it('keeps a visible name with invisible characters around it, trimmed', () => {
    fc.assert(
      fc.property(invisibleRun(), visibleName, invisibleRun(), (before, name, after) => {
        const typed = before + name + after;
        expect(checkDonorName(typed, 'ro')).toEqual({ ok: true, name });
        expect(profile(typed)).toMatchObject({ success: true, data: { name } });
        expect(sync(typed)).toMatchObject({ success: true, data: { name } });
        expect(staff(typed)).toMatchObject({ ok: true, value: { name } });
      }),
    );
  });

  it('counts the 120 characters after trimming', () => {
    const longest = 'Ș'.repeat(120);
    expect(checkDonorName(`\u200B\u3000${longest}\uFEFF`, 'es')).toEqual({
      ok: true,
      name: longest,
    });
    expect(checkDonorName(`${longest}a`, 'en')).toEqual({
      ok: false,
      message: 'The name cannot be longer than 120 characters.',
    });
  });

  it('keeps zero-width characters inside a name as typed', () => {
    for (const name of ['Ana\u200BPop', 'Ana\u200D\u200CPop', 'Mar\u00ADía', 'Ana\u3164Pop']) {
      expect(checkDonorName(name, 'es')).toEqual({ ok: true, name });
      expect(staff(name)).toMatchObject({ ok: true, value: { name } });
    }
  });

  it('refuses line breaks and bidi controls inside a name, everywhere, and changes nothing', () => {
    const control = fc.constantFrom('\n', '\r', '\0', '\u2028', '\u2029', '\u202E', '\u2066');
    fc.assert(
      fc.property(visibleName, control, visibleName, (first, character, last) => {
        const name = `${first}${character}${last}`;
        for (const language of LANGUAGES) {
          expect(checkDonorName(name, language)).toEqual({
            ok: false,
            message: DOMAIN_MESSAGES[language].nameControlCharacters,
          });
        }
        expect(refusal(profile(name))).toBe(DOMAIN_MESSAGES.es.nameControlCharacters);
        expect(refusal(sync(name))).toBe(DOMAIN_MESSAGES.es.nameControlCharacters);
        expect(staff(name)).toEqual({ ok: false, error: DOMAIN_MESSAGES.es.nameControlCharacters });
      }),
    );
  });
});
