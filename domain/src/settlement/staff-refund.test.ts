import { describe, expect, it } from 'vitest';
import { availableCell } from '../cell';
import type { CellWithId } from '../cell-document';
import { donationEntry, refundEntry, type LedgerRow } from '../ledger';
import { parsePlotCode } from '../plot-code';
import { writesNothing } from './decision';
import type { DonorOnRecord } from './donor-record';
import type { RefundCause } from './payment-record';
import { decideRefund } from './refund';
import {
  decideStaffRefund,
  refundAccepted,
  STAFF_REFUND_REPEAT_MS,
  type StaffRefundFacts,
} from './staff-refund';

const NOW = Date.UTC(2026, 10, 26, 10, 0);
const DAY = 24 * 60 * 60 * 1000;
const ANA: DonorOnRecord = {
  uid: 'u-ana',
  name: 'Ana Pop',
  email: 'ana@example.test',
  personal_code: 'ANA7K3QZ',
  is_anonymous_donor: false,
  language: 'ro',
  verified: true,
  mailboxes: ['ana@example.test'],
};
const context = { staffUid: 'staff-1', actionId: 'act-1', reason: 'Pidió la devolución', now: NOW };

const plot = (code: string, fields: Partial<CellWithId> = {}): CellWithId => ({
  ...availableCell(parsePlotCode(code)),
  id: code,
  ...fields,
});
const boughtByAna = (code: string) =>
  plot(code, { status: 'bought', user: 'u-ana', donor_display: 'Ana Pop' });

function gift(fields: Partial<Parameters<typeof donationEntry>[0]> = {}): LedgerRow {
  return {
    id: 'cs_1',
    ...donationEntry({
      method: 'card',
      kind: 'buy',
      donor: { uid: 'u-ana', email: ANA.email, name: ANA.name },
      plots: ['K3', 'K4'],
      amountCents: 50_000,
      at: NOW - DAY,
      recordedBy: null,
      ...fields,
    }),
  };
}

function facts(overrides: Partial<StaffRefundFacts> = {}): StaffRefundFacts {
  return {
    gift: gift(),
    ledger: [],
    payment: { sessionId: 'cs_1', status: 'paid', paymentIntent: 'pi_1' },
    cells: [boughtByAna('K3'), boughtByAna('K4')],
    amountCents: 10_000,
    lastAsk: null,
    context,
    ...overrides,
  };
}

describe('decideStaffRefund', () => {
  it('asks Stripe for part of a card gift and records a refund action that moves no plot', () => {
    const decision = decideStaffRefund(facts());
    expect(decision.outcome).toEqual({
      ok: true,
      paymentIntent: 'pi_1',
      amountCents: 10_000,
      idempotencyKey: 'staff-refund-cs_1-0-10000',
    });
    expect(decision.cells).toEqual([]);
    expect(decision.ledger).toEqual([]);
    expect(decision.actions).toEqual([
      expect.objectContaining({
        action: 'refund',
        staff: 'staff-1',
        reason: 'Pidió la devolución',
        plots: ['K3', 'K4'],
        donations: ['cs_1'],
        amount_cents: 10_000,
        stripe_refund: null,
      }),
    ]);
    expect(decision.actions[0]!.before).toEqual(decision.actions[0]!.after);
    expect(refundAccepted(decision, 're_9').actions[0]!.stripe_refund).toBe('re_9');
  });

  it('counts what the ledger already gave back: at most the rest, and a new key after it', () => {
    const earlier = { ...refundEntry(gift(), 'cs_1', 30_000, NOW - 1000), id: 'refund-cs_1-30000' };
    const rest = decideStaffRefund(facts({ ledger: [earlier], amountCents: 20_000 }));
    expect(rest.outcome).toMatchObject({
      ok: true,
      idempotencyKey: 'staff-refund-cs_1-30000-20000',
    });
    const tooMuch = decideStaffRefund(facts({ ledger: [earlier], amountCents: 20_001 }));
    expect(tooMuch.outcome).toEqual({
      ok: false,
      message:
        'El importe a devolver debe ser mayor que 0 y como mucho lo que queda por devolver: 200,00 €.',
    });
    expect(writesNothing(tooMuch)).toBe(true);
    const whole = { ...refundEntry(gift(), 'cs_1', 50_000, NOW - 1000), id: 'refund-cs_1-50000' };
    expect(decideStaffRefund(facts({ ledger: [whole] })).outcome).toEqual({
      ok: false,
      message: 'Ese donativo ya está devuelto entero.',
    });
  });

  it('the same amount asked again within two minutes is the same refund, even after the first reached the ledger', () => {
    const first = decideStaffRefund(facts({ amountCents: 10_000 }));
    expect(first.outcome).toMatchObject({ ok: true, idempotencyKey: 'staff-refund-cs_1-0-10000' });
    expect(first.payment?.fields).toEqual({
      staff_refund_key: 'staff-refund-cs_1-0-10000',
      staff_refund_cents: 10_000,
      staff_refund_at: NOW,
      // Written on the refund's ledger row when Stripe reports it (the accountant's export).
      staff_refund_by: 'staff-1',
      staff_refund_reason: 'Pidió la devolución',
    });
    const lastAsk = { key: 'staff-refund-cs_1-0-10000', amountCents: 10_000, at: NOW };
    const reached = { ...refundEntry(gift(), 'cs_1', 10_000, NOW), id: 'refund-cs_1-10000' };
    const again = (after: number, amountCents = 10_000) =>
      decideStaffRefund(
        facts({
          ledger: [reached],
          amountCents,
          lastAsk,
          context: { ...context, now: NOW + after },
        }),
      ).outcome;
    expect(again(STAFF_REFUND_REPEAT_MS - 1)).toMatchObject({ idempotencyKey: lastAsk.key });
    // Another amount, or the same one later, is a new refund.
    expect(again(1000, 5_000)).toMatchObject({ idempotencyKey: 'staff-refund-cs_1-10000-5000' });
    expect(again(STAFF_REFUND_REPEAT_MS)).toMatchObject({
      idempotencyKey: 'staff-refund-cs_1-10000-10000',
    });
  });

  it('refuses what is not a card gift: cash, a refund row, no payment intent, an unknown row', () => {
    const refused = [
      facts({ gift: gift({ method: 'cash', recordedBy: 'staff-1' }) }),
      facts({ gift: { ...refundEntry(gift(), 'cs_0', 100, NOW), id: 'r' } }),
      facts({ payment: { sessionId: 'cs_1', status: 'paid', paymentIntent: null } }),
      facts({ payment: null }),
      facts({ payment: { sessionId: 'cs_1', status: 'pending', paymentIntent: 'pi_1' } }),
    ];
    for (const each of refused) {
      const decision = decideStaffRefund(each);
      expect(decision.outcome).toEqual({
        ok: false,
        message: 'Solo se puede devolver un donativo con tarjeta.',
      });
      expect(writesNothing(decision)).toBe(true);
    }
    expect(decideStaffRefund(facts({ gift: null })).outcome).toEqual({
      ok: false,
      message: 'No hay ningún donativo con esa referencia.',
    });
    for (const amountCents of [0, -5, 1.5, Number.NaN]) {
      expect(decideStaffRefund(facts({ amountCents })).outcome.ok).toBe(false);
    }
  });
});

describe("the refund's e-mail (decideRefund)", () => {
  const event = { id: 'evt_1', type: 'charge.refunded' };
  const refund = (amountRefundedCents: number, cells = [boughtByAna('K3'), boughtByAna('K4')]) =>
    decideRefund({
      event,
      eventSeen: false,
      payment: { sessionId: 'cs_1', uid: 'u-ana', status: 'paid' },
      gift: gift(),
      donorLedger: [gift()],
      cells,
      donor: ANA,
      amountRefundedCents,
      fullyRefunded: amountRefundedCents === 50_000,
      now: NOW,
    });

  it('a partial refund: in the donor language, the amount, and the plots still theirs', () => {
    const decision = refund(10_000);
    expect(decision.mails).toHaveLength(1);
    const [mail] = decision.mails;
    expect(mail!.id).toBe(decision.ledger[0]!.id);
    expect(mail!.to).toBe('ana@example.test');
    expect(mail!.message.subject).toContain('Rambursarea');
    expect(mail!.message.text).toContain('100,00');
    expect(mail!.message.text).toContain('500,00');
    expect(mail!.message.text).toContain('Parcela K3: rămâne a dumneavoastră.');
  });

  it("the row says who gave it back and why: staff's ask of that amount, the site's own, or nobody", () => {
    const cause = (staffAsk: RefundCause['staffAsk'], automatic: RefundCause['automatic']) =>
      decideRefund({
        event,
        eventSeen: false,
        payment: {
          sessionId: 'cs_1',
          uid: 'u-ana',
          status: 'paid',
          cause: { staffAsk, automatic },
        },
        gift: gift(),
        donorLedger: [gift()],
        cells: [boughtByAna('K3'), boughtByAna('K4')],
        donor: ANA,
        amountRefundedCents: 10_000,
        fullyRefunded: false,
        now: NOW,
      }).ledger[0]!;
    const asked = cause(
      { by: 'staff-1', reason: 'Pidió la devolución', amountCents: 10_000 },
      null,
    );
    expect(asked.entry.recorded_by).toBe('staff-1');
    expect(asked.reason).toBe('Pidió la devolución');
    // Another amount than staff asked: a refund made in Stripe's dashboard, nobody known here.
    const other = cause({ by: 'staff-1', reason: 'x', amountCents: 5_000 }, null);
    expect(other.entry.recorded_by).toBeNull();
    expect(other.reason).toBeUndefined();
    expect(cause(null, 'plots-taken').reason).toMatch(/^Reembolso automático/);
  });

  it('a full refund: each plot as the ledger leaves it (free again here)', () => {
    const decision = refund(50_000);
    expect(decision.cells.map(({ after }) => after.status)).toEqual(['available', 'available']);
    expect(decision.mails[0]!.message.text).toContain('Parcela K4: este din nou liberă pe hartă.');
  });

  it('nothing new refunded (a replay): no row, no mail; no address (Facebook): no mail', () => {
    const replay = decideRefund({
      event,
      eventSeen: false,
      payment: { sessionId: 'cs_1', uid: 'u-ana', status: 'paid' },
      gift: gift(),
      donorLedger: [
        gift(),
        { ...refundEntry(gift(), 'cs_1', 10_000, NOW), id: 'refund-cs_1-10000' },
      ],
      cells: [boughtByAna('K3')],
      donor: ANA,
      amountRefundedCents: 10_000,
      fullyRefunded: false,
      now: NOW,
    });
    expect(replay.mails).toEqual([]);
    const noAddress = decideRefund({
      event,
      eventSeen: false,
      payment: { sessionId: 'cs_1', uid: 'u-ana', status: 'paid' },
      gift: gift(),
      donorLedger: [gift()],
      cells: [boughtByAna('K3')],
      donor: { ...ANA, email: 'facebook_u-ana@sin-correo.invalid' },
      amountRefundedCents: 10_000,
      fullyRefunded: false,
      now: NOW,
    });
    expect(noAddress.ledger).toHaveLength(1);
    expect(noAddress.mails).toEqual([]);
  });
});
