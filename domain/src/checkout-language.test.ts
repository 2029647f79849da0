import { describe, expect, it } from 'vitest';
import { checkoutLanguage } from './checkout-language';

describe('checkoutLanguage', () => {
  it('takes the languages the site is written in, by their primary subtag', () => {
    expect(checkoutLanguage('es')).toBe('es');
    expect(checkoutLanguage('en')).toBe('en');
    expect(checkoutLanguage('ro')).toBe('ro');
    expect(checkoutLanguage('ro-RO')).toBe('ro');
    expect(checkoutLanguage('EN-gb')).toBe('en');
    expect(checkoutLanguage(' ro ')).toBe('ro');
  });

  it('answers Spanish, the default, for any other value, never an error', () => {
    for (const value of ['fr', 'rom', 'r', '', '-ro', 'ro'.repeat(20), 3, true, {}, ['ro']]) {
      expect(checkoutLanguage(value), JSON.stringify(value)).toBe('es');
    }
  });

  it('answers null when absent, so the caller’s Accept-Language decides', () => {
    expect(checkoutLanguage(undefined)).toBeNull();
    expect(checkoutLanguage(null)).toBeNull();
  });
});
