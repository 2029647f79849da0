/**
 * Personal and certificate codes: 8 characters people read off paper and type back, so the
 * alphabet leaves out characters that look alike (0/O, 1/I/L, U/V).
 */

export const PERSONAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PERSONAL_CODE_LENGTH = 8;

/** A uniform random integer in [0, size); e.g. `node:crypto`'s `randomInt`. */
export type RandomIndex = (size: number) => number;

export function generatePersonalCode(randomIndex: RandomIndex): string {
  let code = '';
  for (let i = 0; i < PERSONAL_CODE_LENGTH; i += 1) {
    const index = randomIndex(PERSONAL_CODE_ALPHABET.length);
    const character = Number.isInteger(index) ? PERSONAL_CODE_ALPHABET[index] : undefined;
    if (character === undefined) {
      throw new RangeError(
        `The random source answered ${index}, outside 0..${PERSONAL_CODE_ALPHABET.length - 1}`,
      );
    }
    code += character;
  }
  return code;
}

const PERSONAL_CODE_PATTERN = new RegExp(`^[${PERSONAL_CODE_ALPHABET}]{${PERSONAL_CODE_LENGTH}}$`);

/** Whether `value` is a code this generator could have made. */
export function isPersonalCode(value: unknown): value is string {
  return typeof value === 'string' && PERSONAL_CODE_PATTERN.test(value);
}

/** What a person typed, made comparable with stored codes: no spaces, capitals. */
export function normalizeCode(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}
