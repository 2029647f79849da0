import { describe, expect, it } from 'vitest';
import { donationEntry, refundEntry, voidEntry } from './ledger';
import { staffActionMoney } from './staff-action-money';

const AT = Date.UTC(2026, 10, 20, 10);
const gift = {
  ...donationEntry({
    method: 'transfer',
    kind: 'complete',
    donor: { uid: null, email: 'ioana@example.test', name: 'Ioana Pop' },
    plots: ['K3'],
    amountCents: 20_000,
    at: AT,
    recordedBy: 'staff-1',
  }),
  id: 'g1',
  certificate_code: 'AB12CD34',
};

describe('the money of a staff action, as the record shows it', () => {
  it('a rest paid by transfer: how much, how, for whom, which certificate', () => {
    expect(staffActionMoney({ action: 'complete' }, [gift])).toEqual({
      amount_cents: 20_000,
      method: 'transfer',
      donor: { name: 'Ioana Pop', email: 'ioana@example.test' },
      certificate_code: 'AB12CD34',
    });
  });

  it('a void: the row that undid the gift, with the gift certificate', () => {
    const voided = { ...voidEntry(gift, 'g1', AT, 'staff-1'), id: 'v1', certificate_code: null };
    expect(staffActionMoney({ action: 'void' }, [gift, voided])).toMatchObject({
      amount_cents: -20_000,
      certificate_code: 'AB12CD34',
    });
  });

  it('a refund: what staff asked of Stripe; nothing named, nothing shown', () => {
    const card = { ...gift, method: 'card' as const, certificate_code: null };
    expect(staffActionMoney({ action: 'refund', amount_cents: 5_000 }, [card])).toMatchObject({
      amount_cents: -5_000,
      method: 'card',
    });
    const refunded = { ...refundEntry(card, 'g1', 5_000, AT), id: 'r1', certificate_code: null };
    expect(staffActionMoney({ action: 'complete' }, [card, refunded])?.amount_cents).toBe(-5_000);
    expect(staffActionMoney({ action: 'export-csv' }, [])).toBeNull();
  });
});
