import { describe, expect, it } from 'vitest';
import {
  PLOT_PRICE_CENTS,
  RESERVATION_BALANCE_CENTS,
  RESERVATION_DEPOSIT_CENTS,
  checkoutTotalCents,
  formatEuroCents,
  isCheckoutKind,
  pricePerPlotCents,
} from './money';

describe('money', () => {
  it('charges 250 EUR to buy, 50 EUR to reserve and 200 EUR to complete a plot', () => {
    expect(PLOT_PRICE_CENTS).toBe(25000);
    expect(RESERVATION_DEPOSIT_CENTS).toBe(5000);
    expect(RESERVATION_BALANCE_CENTS).toBe(20000);
    expect(pricePerPlotCents('buy')).toBe(25000);
    expect(pricePerPlotCents('reserve')).toBe(5000);
    expect(pricePerPlotCents('complete')).toBe(20000);
  });

  it('totals a selection', () => {
    expect(checkoutTotalCents('buy', 3)).toBe(75000);
    expect(checkoutTotalCents('reserve', 3)).toBe(15000);
    expect(checkoutTotalCents('complete', 2)).toBe(40000);
    expect(checkoutTotalCents('buy', 0)).toBe(0);
    expect(checkoutTotalCents('reserve', 1) + checkoutTotalCents('complete', 1)).toBe(
      checkoutTotalCents('buy', 1),
    );
  });

  it('refuses a count that is not a whole number of plots', () => {
    expect(() => checkoutTotalCents('buy', -1)).toThrow(RangeError);
    expect(() => checkoutTotalCents('buy', 1.5)).toThrow(RangeError);
    expect(() => checkoutTotalCents('buy', Number.NaN)).toThrow(RangeError);
  });

  it('knows the checkout kinds', () => {
    expect(isCheckoutKind('buy')).toBe(true);
    expect(isCheckoutKind('complete')).toBe(true);
    expect(isCheckoutKind('donate')).toBe(false);
    expect(isCheckoutKind(undefined)).toBe(false);
  });

  it('formats cents as euros for labels', () => {
    expect(formatEuroCents(25000, 'es-ES').replace(/\s/g, ' ')).toBe('250,00 €');
    expect(formatEuroCents(99999, 'en')).toBe('€999.99');
  });
});
