import { describe, expect, it } from 'vitest';
import {
  acceptPrivacyPolicyBodySchema,
  DEFAULT_DONOR_NAME,
  linkCodeBodySchema,
  syncUserBodySchema,
  updateUserBodySchema,
  verifyCertificateQuerySchema,
} from './donor-profile';
import { certificateQuerySchema } from './certificate-language';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('syncUserBodySchema', () => {
  it('defaults a missing, null or blank name to "Usuario sin nombre"', () => {
    for (const name of [undefined, null, '', '   ']) {
      const parsed = syncUserBodySchema.parse({ email: 'a@b.es', name, sub: 'u1' });
      expect(parsed.name).toBe(DEFAULT_DONOR_NAME);
    }
  });

  it('keeps a name as typed, trimmed, HTML included as text', () => {
    expect(syncUserBodySchema.parse({ name: ' <b>Ana</b> ', sub: 'u1' }).name).toBe('<b>Ana</b>');
  });

  it('refuses a missing sub, wrong types and a 10 kB name', () => {
    expect(firstMessage(syncUserBodySchema.safeParse({ name: 'Ana' }))).toBe(
      'Falta el identificador de la cuenta (sub).',
    );
    expect(syncUserBodySchema.safeParse({ sub: 5 }).success).toBe(false);
    expect(syncUserBodySchema.safeParse({ sub: 'u', email: 7 }).success).toBe(false);
    expect(firstMessage(syncUserBodySchema.safeParse({ sub: 'u', name: 'x'.repeat(10_240) }))).toBe(
      'El nombre no puede tener más de 120 caracteres.',
    );
  });
});

describe('updateUserBodySchema', () => {
  it('reads only name and is_anonymous_donor from a whole user object', () => {
    expect(
      updateUserBodySchema.parse({
        name: 'Ștefan Țăranu',
        is_anonymous_donor: true,
        email: 'evil@x.es',
        personal_code: 'AAAAAAAA',
        is_staff: true,
      }),
    ).toEqual({ name: 'Ștefan Țăranu', is_anonymous_donor: true });
  });

  it('refuses an empty, too long or control-character name, and a body that changes nothing', () => {
    expect(firstMessage(updateUserBodySchema.safeParse({ name: '  ' }))).toBe(
      'El nombre no puede estar vacío.',
    );
    expect(firstMessage(updateUserBodySchema.safeParse({ name: 'a'.repeat(121) }))).toBe(
      'El nombre no puede tener más de 120 caracteres.',
    );
    expect(updateUserBodySchema.safeParse({ name: 'a'.repeat(120) }).success).toBe(true);
    expect(firstMessage(updateUserBodySchema.safeParse({ name: 'Ana\nGarcía' }))).toBe(
      'El nombre contiene caracteres no permitidos.',
    );
    expect(firstMessage(updateUserBodySchema.safeParse({ is_anonymous_donor: 'yes' }))).toBe(
      'La opción de donante anónimo debe ser verdadero o falso.',
    );
    expect(firstMessage(updateUserBodySchema.safeParse({ email: 'x@y.es' }))).toBe(
      'No hay nada que cambiar: envía el nombre o la opción de donante anónimo.',
    );
  });
});

describe('acceptPrivacyPolicyBodySchema', () => {
  it('needs accepted: true and a boolean anonymous', () => {
    expect(acceptPrivacyPolicyBodySchema.parse({ accepted: true, anonymous: false })).toEqual({
      accepted: true,
      anonymous: false,
    });
    expect(
      firstMessage(acceptPrivacyPolicyBodySchema.safeParse({ accepted: false, anonymous: false })),
    ).toBe('Debes aceptar la política de privacidad.');
    expect(
      acceptPrivacyPolicyBodySchema.safeParse({ accepted: 'true', anonymous: false }).success,
    ).toBe(false);
    expect(acceptPrivacyPolicyBodySchema.safeParse({ accepted: true }).success).toBe(false);
  });
});

describe('codes typed by people', () => {
  it('normalises spaces and case', () => {
    expect(linkCodeBodySchema.parse({ code: ' ana7 k3qz ' })).toEqual({ code: 'ANA7K3QZ' });
    expect(verifyCertificateQuerySchema.parse({ code: 'pvn4w8rt' })).toEqual({ code: 'PVN4W8RT' });
  });

  it('refuses missing, empty and malformed codes', () => {
    expect(firstMessage(linkCodeBodySchema.safeParse({}))).toBe('Escribe el código.');
    expect(firstMessage(linkCodeBodySchema.safeParse({ code: '  ' }))).toBe('Escribe el código.');
    expect(firstMessage(linkCodeBodySchema.safeParse({ code: 'ANA7K3Q0' }))).toBe(
      'El código debe tener 8 letras o números.',
    );
    expect(linkCodeBodySchema.safeParse({ code: 12345678 }).success).toBe(false);
  });
});

describe('certificateQuerySchema', () => {
  it('maps es-ES and en to es, keeps ro, refuses the rest', () => {
    expect(certificateQuerySchema.parse({ lang: 'es-ES' })).toEqual({ lang: 'es' });
    expect(certificateQuerySchema.parse({ lang: 'en' })).toEqual({ lang: 'es' });
    expect(certificateQuerySchema.parse({ lang: 'ro' })).toEqual({ lang: 'ro' });
    for (const lang of ['fr', '', undefined]) {
      expect(firstMessage(certificateQuerySchema.safeParse({ lang }))).toBe(
        'Error al descargar el certificado',
      );
    }
  });
});
