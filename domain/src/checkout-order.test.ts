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
