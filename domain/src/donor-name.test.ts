import { describe, expect, it } from 'vitest';
import { checkDonorName } from './donor-name';

describe('checkDonorName', () => {
  it('answers the trimmed name when the profile rules accept it', () => {
    expect(checkDonorName('  María <b>López</b> ', 'es')).toEqual({
      ok: true,
      name: 'María <b>López</b>',
    });
  });

  it.each([
    ['', 'es', 'El nombre no puede estar vacío.'],
    ['   ', 'en', 'The name cannot be empty.'],
    ['\u200B\u3164\u00A0\u3000', 'ro', 'Numele nu poate fi gol.'],
    ['\u202E\u2066\u115F\u1160\uFEFF', 'es', 'El nombre no puede estar vacío.'],
    ['a'.repeat(121), 'en', 'The name cannot be longer than 120 characters.'],
    ['Ana\nPop', 'ro', 'Numele conține caractere nepermise.'],
    [42, 'es', 'El nombre debe ser un texto.'],
  ] as const)('refuses %j in %s with the profile text', (value, language, message) => {
    expect(checkDonorName(value, language)).toEqual({ ok: false, message });
  });

  it('accepts exactly 120 characters, as the profile does', () => {
    expect(checkDonorName('a'.repeat(120), 'ro').ok).toBe(true);
  });
});
