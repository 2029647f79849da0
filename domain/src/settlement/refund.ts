/**
 * Money given back on a card payment (Stripe's `charge.refunded`, full or partial): a refund row
 * in the ledger for what is newly refunded, and, when the whole charge went back, each plot as
 * what still covers it decides (docs/product.md, "Refunds").
 */
import type { CellWithId } from '../cell-document';
import { refundEntry, type LedgerRow } from '../ledger';
import {
  decided,
  movesAfterUndoing,
  type Decision,
  type EventClaim,
  type PaymentStatus,
  type SettlementOutcome,
} from './decision';

export interface RefundFacts {
  event: EventClaim;
  eventSeen: boolean;
  /** The payment with this payment intent, null when none is stored. */
  payment: { sessionId: string; uid: string; status: PaymentStatus } | null;
  /** Its ledger row (`donations/{sessionId}`), null when none. */
  gift: LedgerRow | null;
  /** Every ledger row of the payment's donor (their other gifts may still cover a plot). */
  donorLedger: readonly LedgerRow[];
  /** The payment's plots as read. */
  cells: readonly CellWithId[];
  /** Everything refunded on the charge so far (Stripe's `amount_refunded`), in cents. */
  amountRefundedCents: number;
  /** The whole charge went back (Stripe's `refunded`). */
  fullyRefunded: boolean;
  now: number;
}

/** One row per amount reached: a repeated event for the same refund writes nothing new. */
export const refundRowId = (giftId: string, refundedCents: number) =>
  `refund-${giftId}-${refundedCents}`;

/** What of a gift went back already, by the rows that name it. */
export function refundedOf(ledger: readonly LedgerRow[], giftId: string): number {
  return -ledger
    .filter((entry) => entry.refund_of === giftId)
    .reduce((sum, entry) => sum + entry.amount_cents, 0);
}

export function decideRefund(facts: RefundFacts): Decision<SettlementOutcome> {
  if (facts.eventSeen) return decided({ outcome: 'duplicate' });
  const { event, payment, gift, now } = facts;
  if (!payment || !gift) {
    return decided(
      { outcome: 'ignored', why: 'no paid payment with this payment intent' },
      { event },
    );
  }
  const refundedBefore = refundedOf(facts.donorLedger, gift.id);
  const newlyRefunded = Math.min(facts.amountRefundedCents, gift.amount_cents) - refundedBefore;
  const ledger =
    newlyRefunded > 0
      ? [
          {
            id: refundRowId(gift.id, refundedBefore + newlyRefunded),
            entry: refundEntry(gift, gift.id, newlyRefunded, now),
          },
        ]
      : [];
  const refundedCents = refundedBefore + Math.max(0, newlyRefunded);
  if (!facts.fullyRefunded || payment.status !== 'paid') {
    // A late payment's automatic refund already gave its plots back (they may be someone else's
    // now); a partial refund leaves the plots paid for.
    return decided(
      { outcome: 'applied' },
      {
        event,
        ledger,
        payment: { sessionId: payment.sessionId, fields: { refunded_cents: refundedCents } },
      },
    );
  }
  // Each plot as the ledger decides: still paid for by another gift of the donor's (the
  // completion when only the deposit went back), reserved again, or free.
  const after: LedgerRow[] = [
    ...facts.donorLedger,
    ...ledger.map(({ id, entry }) => ({ ...entry, id })),
  ];
  const cells = movesAfterUndoing(facts.cells, payment.uid, after, now);

  return decided(
    { outcome: 'applied' },
    {
      event,
      ledger,
      cells,
      payment: {
        sessionId: payment.sessionId,
        fields: { status: 'refunded', refunded_cents: refundedCents, refunded_at: now },
      },
    },
  );
}
