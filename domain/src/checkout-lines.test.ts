import { describe, expect, it } from 'vitest';
import { checkoutLineName } from './checkout-lines';

describe('checkoutLineName', () => {
  it('names each plot in the donor’s language', () => {
    expect(checkoutLineName('buy', 'K3', 'es')).toBe('Parcela K3');
    expect(checkoutLineName('reserve', 'K3', 'en')).toBe('Deposit for plot K3');
    expect(checkoutLineName('complete', 'K3', 'ro')).toBe('Restul parcelei K3');
  });

  it('has a name for every kind in every language', () => {
    for (const language of ['es', 'en', 'ro'] as const) {
      const names = (['buy', 'reserve', 'complete'] as const).map((kind) =>
        checkoutLineName(kind, 'A1', language),
      );
      expect(new Set(names).size).toBe(3);
      for (const name of names) expect(name).toContain('A1');
    }
  });
});
