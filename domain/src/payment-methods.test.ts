import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  CHECKOUT_PAYMENT_METHODS,
  DEFAULT_PAYMENT_METHODS,
  readPaymentMethods,
  validatePaymentMethods,
} from './payment-methods';
import { decidePaymentMethodsChange } from './settlement/payment-settings';

describe('validatePaymentMethods', () => {
  it('takes card with Bizum, or card alone, in one order, repeats collapsed', () => {
    expect(validatePaymentMethods(['bizum', 'card', 'bizum'])).toEqual({
      ok: true,
      value: ['card', 'bizum'],
    });
    expect(validatePaymentMethods(['card'])).toEqual({ ok: true, value: ['card'] });
  });

  it('refuses SEPA debit, whose money arrives days later, with the reason', () => {
    expect(validatePaymentMethods(['card', 'sepa_debit'])).toEqual({
      ok: false,
      error: MESSAGES.paymentMethodDelayed,
    });
  });

  it('refuses a list without card, an unknown name, and anything not a list of names', () => {
    expect(validatePaymentMethods(['bizum'])).toEqual({
      ok: false,
      error: MESSAGES.paymentMethodsWithoutCard,
    });
    expect(validatePaymentMethods([])).toEqual({
      ok: false,
      error: MESSAGES.paymentMethodsWithoutCard,
    });
    expect(validatePaymentMethods(['card', 'paypal'])).toEqual({
      ok: false,
      error: MESSAGES.paymentMethodUnknown('paypal'),
    });
    for (const bad of ['card', null, undefined, { card: true }, ['card', 3]]) {
      expect(validatePaymentMethods(bad)).toEqual({
        ok: false,
        error: MESSAGES.paymentMethodsMalformed,
      });
    }
  });

  it('never lists a method whose money arrives later among those the parish may offer', () => {
    expect(CHECKOUT_PAYMENT_METHODS).not.toContain('sepa_debit');
    expect(DEFAULT_PAYMENT_METHODS).toEqual(['card']);
  });
});

describe('readPaymentMethods', () => {
  it('is card alone without a document, and keeps only what may be offered, card always', () => {
    expect(readPaymentMethods(undefined)).toEqual(['card']);
    expect(readPaymentMethods('bizum')).toEqual(['card']);
    expect(readPaymentMethods(['bizum'])).toEqual(['card', 'bizum']);
    expect(readPaymentMethods(['sepa_debit', 'card', 7])).toEqual(['card']);
  });
});

describe('decidePaymentMethodsChange', () => {
  it('records the change as a staff action naming the lists before and after', () => {
    const decision = decidePaymentMethodsChange({
      before: ['card'],
      after: ['card', 'bizum'],
      context: { staffUid: 'staff-1', actionId: 'act-1', now: 1_000 },
    });
    expect(decision.outcome).toEqual({ before: ['card'], methods: ['card', 'bizum'] });
    expect(decision.actions).toEqual([
      expect.objectContaining({
        id: 'act-1',
        action: 'change-payment-methods',
        staff: 'staff-1',
        at: 1_000,
        plots: [],
        details: { query: { before: 'card', after: 'card,bizum' } },
      }),
    ]);
    expect(decision.cells).toEqual([]);
    expect(decision.ledger).toEqual([]);
  });
});
