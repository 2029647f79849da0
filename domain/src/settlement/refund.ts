/**
 * Money given back on a card payment (Stripe's `charge.refunded`, full or partial): a refund row
 * in the ledger for what is newly refunded, and, when the whole charge went back, each plot as
 * what still covers it decides (docs/product.md, "Refunds"). Every refund row comes with an
 * e-mail to the donor in their language: what went back and what became of each plot.
 */
import type { CellWithId } from '../cell-document';
import { refundNotice, type PlotFate } from '../donor-mail';
import { refundEntry, type LedgerRow } from '../ledger';
import {
  decided,
  movesAfterUndoing,
  type CellMove,
  type Decision,
  type AutomaticRefundReason,
  type EventClaim,
  type MailOrder,
  type PaymentStatus,
  type SettlementOutcome,
} from './decision';
import { mailAddressOf, type DonorOnRecord } from './donor-record';
import type { RefundCause } from './payment-record';

/** The site's own refunds, as the accountant's export says why. */
const AUTOMATIC_REFUND_REASONS: Record<AutomaticRefundReason, string> = {
  'plots-taken': 'Reembolso automático: las parcelas ya no estaban libres al pagar',
  'amount-mismatch': 'Reembolso automático: el importe pagado no era el del pedido',
};

/**
 * Who gave `cents` back and why: the staff member whose last ask was this amount, the site for a
 * late payment, or nobody known (a refund made in Stripe's dashboard).
 */
function refundRecord(cause: RefundCause | undefined, cents: number) {
  if (cause?.staffAsk && cause.staffAsk.amountCents === cents) {
    return { by: cause.staffAsk.by, reason: cause.staffAsk.reason };
  }
  return { by: null, reason: cause?.automatic ? AUTOMATIC_REFUND_REASONS[cause.automatic] : null };
}

export interface RefundFacts {
  event: EventClaim;
  eventSeen: boolean;
  /** The payment with this payment intent, null when none is stored. */
  payment: { sessionId: string; uid: string; status: PaymentStatus; cause?: RefundCause } | null;
  /** Its ledger row (`donations/{sessionId}`), null when none. */
  gift: LedgerRow | null;
  /** Every ledger row of the payment's donor (their other gifts may still cover a plot). */
  donorLedger: readonly LedgerRow[];
  /** The payment's plots as read. */
  cells: readonly CellWithId[];
  /** The payment's donor (their name, address and language for the refund's e-mail). */
  donor: DonorOnRecord | null;
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
  const record = refundRecord(payment.cause, newlyRefunded);
  const ledger =
    newlyRefunded > 0
      ? [
          {
            id: refundRowId(gift.id, refundedBefore + newlyRefunded),
            entry: { ...refundEntry(gift, gift.id, newlyRefunded, now), recorded_by: record.by },
            ...(record.reason ? { reason: record.reason } : {}),
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
        mails: refundMail(facts, gift, ledger, []),
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
      mails: refundMail(facts, gift, ledger, cells),
      payment: {
        sessionId: payment.sessionId,
        fields: { status: 'refunded', refunded_cents: refundedCents, refunded_at: now },
      },
    },
  );
}

/** The refund's e-mail is `mail/{id}` with the id of the refund row it reports: one per row. */
export const refundMailId = (refundRowId: string) => refundRowId;

/** What a plot is for the donor once the refund is written. */
function fateOf(cell: CellWithId, uid: string): PlotFate {
  if (cell.user === uid && cell.status === 'reserved' && cell.reserved_until !== null) {
    return { plot: cell.id, fate: 'reserved', until: cell.reserved_until };
  }
  if (cell.user === uid && cell.status !== 'available') return { plot: cell.id, fate: 'kept' };
  if (cell.status === 'available' || cell.user === null) return { plot: cell.id, fate: 'released' };
  return { plot: cell.id, fate: 'lost' };
}

function refundMail(
  facts: RefundFacts,
  gift: LedgerRow,
  ledger: ReadonlyArray<{ id: string; entry: { amount_cents: number } }>,
  moves: readonly CellMove[],
): MailOrder[] {
  const row = ledger[0];
  const to = mailAddressOf(facts.donor);
  if (!row || !to || !facts.donor) return [];
  const moved = new Map(moves.map(({ after }) => [after.id, after]));
  return [
    {
      id: refundMailId(row.id),
      to,
      message: refundNotice({
        language: facts.donor.language,
        name: facts.donor.name,
        refundedCents: -row.entry.amount_cents,
        giftCents: gift.amount_cents,
        plots: facts.cells.map((cell) => fateOf(moved.get(cell.id) ?? cell, facts.donor!.uid)),
      }),
    },
  ];
}
