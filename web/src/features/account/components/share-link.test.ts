import { describe, expect, it } from 'vitest';
import { facebookShareUrl, sharedPageUrl, whatsAppShareUrl } from './share-link';

describe('share links', () => {
  it("shares the certificate's check page in the sharer's language", () => {
    expect(sharedPageUrl('https://donativos.example.org', 'ANA7K3QZ', 'ro')).toBe(
      'https://donativos.example.org/verificar/ANA7K3QZ?lng=ro',
    );
  });

  it('hands WhatsApp the text and the address, Facebook the address, each encoded whole', () => {
    const url = 'https://donativos.example.org/verificar/ANA7K3QZ?lng=es';
    expect(whatsAppShareUrl('¡He donado una parcela!', url)).toBe(
      'https://wa.me/?text=%C2%A1He%20donado%20una%20parcela!%20https%3A%2F%2Fdonativos.example.org%2Fverificar%2FANA7K3QZ%3Flng%3Des',
    );
    expect(facebookShareUrl(url)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fdonativos.example.org%2Fverificar%2FANA7K3QZ%3Flng%3Des',
    );
  });
});
