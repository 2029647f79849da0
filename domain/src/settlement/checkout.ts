/**
 * Opening and closing a checkout: the plots held for it, given back when it ends unpaid or the
 * donor walks away. The Checkout Session itself is Stripe's; these decide the plots and payment.
 */
import type { Cell } from '../cell';
import type { CellWithId } from '../cell-document';
import { releaseHold, startHold, type TransitionRefusal } from '../cell-transitions';
import type { CheckoutOrder } from '../checkout-order';
import { fitsHoldCap } from '../hold-cap';
import {
  decided,
  movesOf,
  type Decision,
  type PaymentFields,
  type PaymentStatus,
} from './decision';

export type HoldOutcome =
  | { ok: true }
  /** `unknown-plot`: no `cells` document (a position the layout leaves out). */
  | { ok: false; reason: TransitionRefusal | 'unknown-plot'; plot: string }
  /** The account would hold more than `MAX_PLOTS_HELD_PER_ACCOUNT` plots in checkouts. */
  | { ok: false; reason: 'too-many-held' }
  /** The account has not proven its address (`mayHoldPlots`): it buys or reserves nothing yet. */
  | { ok: false; reason: 'address-unproven' }
  /** The account was erased (account-erasure.ts) between the route's check and the hold. */
  | { ok: false; reason: 'no-account' };

export interface HoldFacts {
  order: CheckoutOrder;
  expiresAt: number;
  /** Each plot of the order as read; null when no such plot is stored. */
  plots: ReadonlyArray<{ code: string; cell: CellWithId | null }>;
  /** Every plot whose `user` is the account (its live holds count against the cap). */
  accountCells: readonly Cell[];
  /** Whether the account may hold plots (`mayHoldPlots`: its address proven), as Auth says. */
  addressProven: boolean;
  now: number;
}

export type HoldDecision = Decision<HoldOutcome>;

/** Every plot of the order held for it, or none: the first refusal is the answer. */
export function decideHold(facts: HoldFacts): HoldDecision {
  const { order, now } = facts;
  const refused = (outcome: HoldOutcome): HoldDecision => decided(outcome);
  // Completions take nothing off sale (the plots are the donor's reservations already).
  if (order.kind !== 'complete' && !facts.addressProven) {
    return refused({ ok: false, reason: 'address-unproven' });
  }
  const missing = facts.plots.find(({ cell }) => cell === null);
  if (missing) return refused({ ok: false, reason: 'unknown-plot', plot: missing.code });
  if (
    order.kind !== 'complete' &&
    !fitsHoldCap(facts.accountCells, order.uid, facts.plots.length, now)
  ) {
    return refused({ ok: false, reason: 'too-many-held' });
  }
  const cells = [];
  for (const { cell } of facts.plots) {
    const stored = cell!;
    const move = startHold(
      stored,
      { uid: order.uid, kind: order.kind, sessionId: order.checkoutId, expiresAt: facts.expiresAt },
      now,
    );
    if (!move.ok) return refused({ ok: false, reason: move.reason, plot: stored.id });
    cells.push({ before: stored, after: { ...move.cell, id: stored.id } });
  }
  return decided({ ok: true }, { cells });
}

/** The plots this checkout still holds go back (reserved again when completing a live one). */
export function releasedPlots(
  order: CheckoutOrder,
  cells: readonly CellWithId[],
  now: number,
): Decision<null>['cells'] {
  return movesOf(
    cells.map((cell) => {
      const released = releaseHold(cell, order.checkoutId, now);
      return { before: cell, after: released.ok ? { ...released.cell, id: cell.id } : null };
    }),
  );
}

export function decideRelease(
  order: CheckoutOrder,
  cells: readonly CellWithId[],
  now: number,
): Decision<null> {
  return decided(null, { cells: releasedPlots(order, cells, now) });
}

/** The donor walked away: the holds go back and a pending payment is `expired`, together. */
export function decideCheckoutCancelled(facts: {
  sessionId: string;
  order: CheckoutOrder;
  cells: readonly CellWithId[];
  paymentStatus: PaymentStatus | null;
  now: number;
}): Decision<null> {
  return decided(null, {
    cells: releasedPlots(facts.order, facts.cells, facts.now),
    payment:
      facts.paymentStatus === 'pending'
        ? { sessionId: facts.sessionId, fields: { status: 'expired' } }
        : null,
  });
}

/** What a payment is opened with (`payments/{sessionId}`), pending until Stripe says more. */
export function openedPayment(
  order: CheckoutOrder,
  amountCents: number,
  now: number,
): Partial<PaymentFields> {
  return {
    ...orderFields(order, amountCents),
    status: 'pending',
    payment_intent: null,
    created_at: now,
  };
}

export function orderFields(order: CheckoutOrder, amountCents: number) {
  return {
    uid: order.uid,
    kind: order.kind,
    cells: [...order.plots],
    checkout_id: order.checkoutId,
    amount_cents: amountCents,
  };
}
