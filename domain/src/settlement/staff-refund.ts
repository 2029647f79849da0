/**
 * Staff give back a card gift, whole or in part, from the donor's page (issue 32, part 6). The
 * decision only checks the request and records it as a staff action: Stripe refunds the money
 * (with an idempotency key named here), and its `charge.refunded` event does the rest through
 * `decideRefund` (the ledger's refund row, the plots, the donor's e-mail), as for any refund.
 */
import type { CellWithId } from '../cell-document';
import { isUndoingKind, type LedgerRow } from '../ledger';
import { MESSAGES } from '../messages';
import { formatEuroCents } from '../money';
import { decided, type Decision, type PaymentStatus, type StaffAction } from './decision';
import type { StaffContext, StaffRefusal } from './back-office';
import { refundedOf } from './refund';
import { plotState } from './staff-registration';

export interface StaffRefundFacts {
  /** The gift's row, null when there is none. */
  gift: LedgerRow | null;
  /** The rows naming the gift (its refunds so far). */
  ledger: readonly LedgerRow[];
  /** The card payment of the gift (`payments/{id}`, the gift's own id), null when none. */
  payment: { sessionId: string; status: PaymentStatus; paymentIntent: string | null } | null;
  /** The gift's plots as read (the action's record; the refund moves none itself). */
  cells: readonly CellWithId[];
  amountCents: number;
  /** The last refund staff asked of this payment (`payments/{id}.staff_refund_*`), if any. */
  lastAsk: StaffRefundAsk | null;
  context: StaffContext;
}

/** A refund asked of Stripe: its idempotency key, amount and when. */
export interface StaffRefundAsk {
  key: string;
  amountCents: number;
  at: number;
}

/**
 * How long the same amount asked again of the same gift is the same request (a double click, a
 * retry, two tabs): it gets the same idempotency key, so Stripe makes one refund, and the action
 * named by that refund is recorded once. Past it, the same amount again is a new refund.
 */
export const STAFF_REFUND_REPEAT_MS = 2 * 60_000;

export interface StaffRefundAsked {
  ok: true;
  paymentIntent: string;
  amountCents: number;
  /**
   * Stripe's idempotency key: the gift, what was refunded before and the amount; the same amount
   * asked again within `STAFF_REFUND_REPEAT_MS` reuses the last one, so that the same request sent
   * twice (a double click, a retry) is one refund even after the first reached the ledger.
   */
  idempotencyKey: string;
}

const euros = (cents: number) => formatEuroCents(cents).replace(/\s/g, ' ');

/** What of a card gift is left to give back, by the ledger. */
export function refundableOf(gift: LedgerRow, ledger: readonly LedgerRow[]): number {
  return Math.max(0, gift.amount_cents - refundedOf(ledger, gift.id));
}

export function decideStaffRefund(
  facts: StaffRefundFacts,
): Decision<StaffRefundAsked | StaffRefusal> {
  const { gift, payment, context } = facts;
  if (!gift) return decided({ ok: false, message: MESSAGES.donationUnknown });
  if (
    gift.method !== 'card' ||
    isUndoingKind(gift.kind) ||
    gift.amount_cents <= 0 ||
    !payment?.paymentIntent ||
    (payment.status !== 'paid' && payment.status !== 'refunded')
  ) {
    return decided({ ok: false, message: MESSAGES.refundNotCard });
  }
  const left = refundableOf(gift, facts.ledger);
  if (left === 0) return decided({ ok: false, message: MESSAGES.refundNothingLeft });
  if (
    !Number.isSafeInteger(facts.amountCents) ||
    facts.amountCents <= 0 ||
    facts.amountCents > left
  ) {
    return decided({ ok: false, message: MESSAGES.refundAmountInvalid(euros(left)) });
  }
  const refunded = gift.amount_cents - left;
  const { lastAsk } = facts;
  const repeated =
    lastAsk !== null &&
    lastAsk.amountCents === facts.amountCents &&
    context.now - lastAsk.at < STAFF_REFUND_REPEAT_MS;
  const idempotencyKey = repeated
    ? lastAsk.key
    : `staff-refund-${gift.id}-${refunded}-${facts.amountCents}`;
  const states = facts.cells.map(plotState);
  const action: StaffAction = {
    id: context.actionId,
    action: 'refund',
    staff: context.staffUid,
    at: context.now,
    reason: context.reason,
    plots: facts.cells.map((cell) => cell.id),
    donations: [gift.id],
    // The refund moves no plot itself: Stripe's event decides them (the next actions show it).
    before: states,
    after: states,
    amount_cents: facts.amountCents,
    stripe_refund: null,
  };
  return decided(
    {
      ok: true,
      paymentIntent: payment.paymentIntent,
      amountCents: facts.amountCents,
      idempotencyKey,
    },
    {
      actions: [action],
      // Kept on the payment, read by the next request in its transaction.
      payment: {
        sessionId: payment.sessionId,
        fields: {
          staff_refund_key: idempotencyKey,
          staff_refund_cents: facts.amountCents,
          staff_refund_at: repeated ? lastAsk.at : context.now,
          staff_refund_by: context.staffUid,
          staff_refund_reason: context.reason,
        },
      },
    },
  );
}

/**
 * The staff action once Stripe accepted the refund: its id recorded with it, and the action named
 * by it (`refund-<Stripe's id>`). Identical requests at once share the idempotency key, so Stripe
 * answers them all with the one refund it made: named by it, that refund is recorded once.
 */
export function refundAccepted<T extends { actions: StaffAction[] }>(
  decision: T,
  stripeRefund: string,
): T {
  return {
    ...decision,
    actions: decision.actions.map((action) => ({
      ...action,
      id: refundActionId(stripeRefund),
      stripe_refund: stripeRefund,
    })),
  };
}

/** The one staff action of a Stripe refund. */
export function refundActionId(stripeRefund: string): string {
  return `refund-${stripeRefund}`;
}
