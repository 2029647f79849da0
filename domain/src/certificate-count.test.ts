import { describe, expect, it } from 'vitest';
import { DEFAULT_CERTIFICATE_COUNT, validateCertificateCount } from './certificate-count';

const refused = { ok: false, error: 'Introduce un número válido (entre 1 y 250).' };

describe('staff certificate count', () => {
  it('accepts 1 to 250, defaulting to 1 in the form', () => {
    expect(DEFAULT_CERTIFICATE_COUNT).toBe(1);
    expect(validateCertificateCount(1)).toEqual({ ok: true, value: 1 });
    expect(validateCertificateCount(250)).toEqual({ ok: true, value: 250 });
    expect(validateCertificateCount('12')).toEqual({ ok: true, value: 12 });
  });

  it.each([
    0,
    251,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '',
    'abc',
    '1.5',
    '1e2',
    null,
    undefined,
    true,
    [5],
  ])('refuses %j', (count) => {
    expect(validateCertificateCount(count)).toEqual(refused);
  });
});
