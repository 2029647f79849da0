import { describe, expect, it } from 'vitest';
import {
  PERSONAL_CODE_ALPHABET,
  generatePersonalCode,
  isPersonalCode,
  normalizeCode,
} from './personal-code';

/** A random source that answers the given indexes in turn. */
const scripted = (indexes: number[]) => {
  let next = 0;
  return (size: number) => {
    const index = indexes[next++ % indexes.length]!;
    expect(size).toBe(PERSONAL_CODE_ALPHABET.length);
    return index;
  };
};

describe('personal codes', () => {
  it('has no look-alike characters', () => {
    for (const lookAlike of ['0', 'O', '1', 'I', 'L', 'U']) {
      expect(PERSONAL_CODE_ALPHABET).not.toContain(lookAlike);
    }
    expect(new Set(PERSONAL_CODE_ALPHABET).size).toBe(PERSONAL_CODE_ALPHABET.length);
  });

  it('makes 8 characters from the injected random source', () => {
    expect(generatePersonalCode(scripted([0]))).toBe('22222222');
    const last = PERSONAL_CODE_ALPHABET.length - 1;
    expect(generatePersonalCode(scripted([last]))).toBe('ZZZZZZZZ');
    expect(generatePersonalCode(scripted([0, 1, 2, 3, 8, 9, 10, 11]))).toBe('2345ABCD');
  });

  it('uses every character of the alphabet over many codes', () => {
    let counter = 0;
    const codes = Array.from({ length: 10 }, () =>
      generatePersonalCode(() => counter++ % PERSONAL_CODE_ALPHABET.length),
    );
    expect(new Set(codes.join(''))).toEqual(new Set(PERSONAL_CODE_ALPHABET));
    expect(codes.every(isPersonalCode)).toBe(true);
  });

  it('refuses a random source that answers outside the alphabet', () => {
    expect(() => generatePersonalCode(() => PERSONAL_CODE_ALPHABET.length)).toThrow(RangeError);
    expect(() => generatePersonalCode(() => -1)).toThrow(RangeError);
    expect(() => generatePersonalCode(() => 0.5)).toThrow(RangeError);
  });

  it('validates codes', () => {
    expect(isPersonalCode('ANA7K3QZ')).toBe(true);
    for (const bad of [
      'ANA7K3Q',
      'ANA7K3QZZ',
      'ana7k3qz',
      'ANA0K3QZ',
      'ION4W8RT',
      'ANA7K3Q ',
      '',
      null,
      12345678,
    ]) {
      expect(isPersonalCode(bad)).toBe(false);
    }
  });

  it('normalises what a person typed', () => {
    expect(normalizeCode(' ana7 k3qz ')).toBe('ANA7K3QZ');
  });
});
