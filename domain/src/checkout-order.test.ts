import { describe, expect, it } from 'vitest';
import { orderFromMetadata, orderMetadata, type CheckoutOrder } from './checkout-order';

const order: CheckoutOrder = {
  uid: 'donor-ana',
  kind: 'reserve',
  plots: ['K3', 'K4'],
  checkoutId: 'chk_0123456789abcdef01234567',
};

describe('order metadata', () => {
  it('reads back the order it wrote', () => {
    expect(orderFromMetadata(orderMetadata(order))).toEqual(order);
  });

  it('is strings only, as Stripe stores metadata', () => {
    expect(Object.values(orderMetadata(order)).every((value) => typeof value === 'string')).toBe(
      true,
    );
  });

  it('reads a session that is not ours, or was tampered with, as no order', () => {
    const metadata = orderMetadata(order);
    expect(orderFromMetadata(undefined)).toBeNull();
    expect(orderFromMetadata({})).toBeNull();
    expect(orderFromMetadata({ ...metadata, kind: 'gift' })).toBeNull();
    expect(orderFromMetadata({ ...metadata, plots: 'K3,ZZZ' })).toBeNull();
    expect(orderFromMetadata({ ...metadata, plots: 'K3,' })).toBeNull();
    expect(orderFromMetadata({ ...metadata, uid: '' })).toBeNull();
    expect(orderFromMetadata({ ...metadata, checkout: '' })).toBeNull();
  });
});

describe("a payment link's order metadata", () => {
  const linked: CheckoutOrder = {
    ...order,
    paymentLink: { id: 'a'.repeat(64), payerLanguage: 'ro' },
  };

  it('carries the link and the payer language, and reads them back', () => {
    const metadata = orderMetadata(linked);
    expect(metadata.link).toBe('a'.repeat(64));
    expect(metadata.link_lang).toBe('ro');
    expect(orderFromMetadata(metadata)).toEqual(linked);
  });

  it("is absent from the donor's own order", () => {
    expect(Object.keys(orderMetadata(order))).toEqual(['uid', 'kind', 'plots', 'checkout']);
  });

  it('reads an unknown payer language as Spanish', () => {
    const metadata = { ...orderMetadata(linked), link_lang: 'xx' };
    expect(orderFromMetadata(metadata)?.paymentLink?.payerLanguage).toBe('es');
  });
});
