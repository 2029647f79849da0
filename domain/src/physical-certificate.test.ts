import { describe, expect, it } from 'vitest';
import { validatePhysicalCertificateRegistration } from './physical-certificate';

const incomplete = {
  ok: false,
  error: 'Rellena todos los campos y selecciona al menos una parcela.',
};
const form = {
  email: ' ana@parroquia.test ',
  code: 'ana7k3qz',
  name: ' Ana García ',
  is_anonymous_donor: true,
  parcelas: ['K3', 'K4'],
  reserve: false,
};

describe('physical certificate registration', () => {
  it('accepts email, code and plots, tidying them', () => {
    expect(validatePhysicalCertificateRegistration(form)).toEqual({
      ok: true,
      value: {
        email: 'ana@parroquia.test',
        code: 'ANA7K3QZ',
        name: 'Ana García',
        is_anonymous_donor: true,
        plots: [
          { x: 'K', y: 3 },
          { x: 'K', y: 4 },
        ],
        reserve: false,
        method: 'cash',
      },
    });
  });

  it('lowercases the e-mail and takes transfer as the payment method', () => {
    const result = validatePhysicalCertificateRegistration({
      ...form,
      email: 'Ana@Parroquia.TEST',
      method: 'transfer',
    });
    expect(result).toMatchObject({
      ok: true,
      value: { email: 'ana@parroquia.test', method: 'transfer' },
    });
  });

  it('refuses a payment method other than cash or transfer', () => {
    for (const method of ['card', '', 1, 'CASH']) {
      expect(validatePhysicalCertificateRegistration({ ...form, method })).toEqual({
        ok: false,
        error: 'La forma de pago debe ser efectivo o transferencia.',
      });
    }
  });

  it('does not require the name, and reads missing flags as false', () => {
    const result = validatePhysicalCertificateRegistration({
      email: 'a@b.es',
      code: 'X',
      parcelas: ['A1'],
    });
    expect(result).toMatchObject({
      ok: true,
      value: { name: '', is_anonymous_donor: false, reserve: false },
    });
  });

  it.each([
    ['no email', { ...form, email: '' }],
    ['blank email', { ...form, email: '   ' }],
    ['no code', { ...form, code: undefined }],
    ['blank code', { ...form, code: '  ' }],
    ['no plots', { ...form, parcelas: [] }],
    ['plots missing', { ...form, parcelas: undefined }],
    ['not an object', 'hello'],
  ])('refuses a form with %s', (_, body) => {
    expect(validatePhysicalCertificateRegistration(body)).toEqual(incomplete);
  });

  it('refuses a malformed email or plot', () => {
    expect(validatePhysicalCertificateRegistration({ ...form, email: 'ana' })).toEqual({
      ok: false,
      error: 'El correo electrónico no es válido.',
    });
    expect(validatePhysicalCertificateRegistration({ ...form, parcelas: ['K3', 'Z1'] })).toEqual({
      ok: false,
      error: 'Parcela no válida: Z1.',
    });
  });

  it('takes only true as true', () => {
    const result = validatePhysicalCertificateRegistration({
      ...form,
      reserve: 'true',
      is_anonymous_donor: 1,
    });
    expect(result).toMatchObject({
      ok: true,
      value: { reserve: false, is_anonymous_donor: false },
    });
  });
});

describe('what staff type is checked like what donors type', () => {
  const base = { email: 'm@x.es', code: 'K7M2P4Q9', parcelas: ['K3'] };

  it('refuses names too long or with control characters, and addresses with them', () => {
    for (const name of ['x'.repeat(10_000), 'x'.repeat(121), 'Ana\r\nGarcía', 'Ana\0']) {
      expect(validatePhysicalCertificateRegistration({ ...base, name }).ok, name.slice(0, 20)).toBe(
        false,
      );
    }
    expect(validatePhysicalCertificateRegistration({ ...base, name: 7 }).ok).toBe(false);
    expect(
      validatePhysicalCertificateRegistration({ ...base, email: 'm\0@x.es', name: 'Ana' }).ok,
    ).toBe(false);
    expect(
      validatePhysicalCertificateRegistration({ ...base, email: `${'m'.repeat(250)}@x.es` }).ok,
    ).toBe(false);
  });

  it('keeps a name of 120 characters, trimmed, and an absent one as empty', () => {
    const long = validatePhysicalCertificateRegistration({ ...base, name: ` ${'x'.repeat(120)} ` });
    expect(long.ok && long.value.name).toBe('x'.repeat(120));
    const none = validatePhysicalCertificateRegistration(base);
    expect(none.ok && none.value.name).toBe('');
  });

  it('refuses a payment method given as null instead of reading it as cash', () => {
    expect(validatePhysicalCertificateRegistration({ ...base, method: null }).ok).toBe(false);
    const absent = validatePhysicalCertificateRegistration(base);
    expect(absent.ok && absent.value.method).toBe('cash');
  });
});
