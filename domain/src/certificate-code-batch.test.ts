import { describe, expect, it } from 'vitest';
import { generateCertificateCodes } from './certificate-code-batch';
import { isPersonalCode } from './personal-code';

describe('certificate codes', () => {
  it('makes the number asked for, each a valid code, none repeated in the batch', () => {
    // Answers the first code twice, so a duplicate within the batch really happens.
    let calls = 0;
    let seed = 123456789;
    const xorshift = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return seed >>> 0;
    };
    const randomIndex = (size: number) => (calls++ < 16 ? 0 : xorshift() % size);
    const codes = generateCertificateCodes(50, randomIndex);
    expect(codes).toHaveLength(50);
    expect(new Set(codes).size).toBe(50);
    expect(codes.every(isPersonalCode)).toBe(true);
    expect(codes[0]).toBe('22222222');
  });

  it('gives up on a random source that only repeats itself', () => {
    expect(() => generateCertificateCodes(2, () => 0)).toThrow(/repeating/);
  });

  it('refuses a count that is not a whole number', () => {
    expect(() => generateCertificateCodes(2.5, () => 0)).toThrow(RangeError);
  });
});
