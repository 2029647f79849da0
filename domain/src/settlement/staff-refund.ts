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
  context: StaffContext;
}

export interface StaffRefundAsked {
  ok: true;
  paymentIntent: string;
  amountCents: number;
  /**
   * Stripe's idempotency key: the gift, what was refunded before and the amount. The same request
   * sent twice (a double click, a retry) is one refund; a later one, after the first reached the
   * ledger, is a new one.
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
      idempotencyKey: `staff-refund-${gift.id}-${refunded}-${facts.amountCents}`,
    },
    { actions: [action] },
  );
}

/** The staff action once Stripe accepted the refund: its id recorded with it. */
export function refundAccepted<T extends { actions: StaffAction[] }>(
  decision: T,
  stripeRefund: string,
): T {
  return {
    ...decision,
    actions: decision.actions.map((action) => ({ ...action, stripe_refund: stripeRefund })),
  };
}
