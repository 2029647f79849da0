/** The certificate's sentence of what was given, as each language counts plots. */
import { describe, expect, it } from 'vitest';
import { DONOR_CERTIFICATE_TEXTS } from '../src/pdf/donor-certificate-texts';

describe('the certificate’s count of plots', () => {
  it('Romanian: one, few (2 to 19) and other (20 and more, with "de")', () => {
    const { contribution } = DONOR_CERTIFICATE_TEXTS.ro;
    expect(contribution(1)).toBe('a donat 1 parcelă pentru construirea bisericii.');
    expect(contribution(2)).toBe('a donat 2 parcele pentru construirea bisericii.');
    expect(contribution(20)).toBe('a donat 20 de parcele pentru construirea bisericii.');
  });

  it('Spanish: one and the rest', () => {
    const { contribution } = DONOR_CERTIFICATE_TEXTS.es;
    expect(contribution(1)).toBe('ha donado 1 parcela para la construcción de la iglesia.');
    expect(contribution(20)).toBe('ha donado 20 parcelas para la construcción de la iglesia.');
  });
});
