import { describe, expect, it } from 'vitest';
import { certificateFileName, certificateLanguage } from './certificate-language';

describe('certificate language', () => {
  it('maps es-ES and en to es', () => {
    expect(certificateLanguage('es-ES')).toEqual({ ok: true, value: 'es' });
    expect(certificateLanguage('en')).toEqual({ ok: true, value: 'es' });
    expect(certificateLanguage('es')).toEqual({ ok: true, value: 'es' });
  });

  it('keeps ro', () => {
    expect(certificateLanguage('ro')).toEqual({ ok: true, value: 'ro' });
  });

  it.each(['fr', 'EN', 'ro-RO', 'en-US', '', 'toString', '__proto__', null, undefined, 1])(
    'refuses %j',
    (lang) => {
      expect(certificateLanguage(lang)).toEqual({
        ok: false,
        error: 'Error al descargar el certificado',
      });
    },
  );
});

describe('certificate file name', () => {
  it('names the file in the reader’s language', () => {
    expect(certificateFileName('es')).toBe('certificado.pdf');
    expect(certificateFileName('en')).toBe('certificate.pdf');
    expect(certificateFileName('ro')).toBe('certificat.pdf');
  });
});
