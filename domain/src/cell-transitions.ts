/**
 * The moves of a plot (docs/product.md). Each takes the stored cell and answers the cell to store
 * or why the move is refused; the caller runs it inside a Firestore transaction.
 */
import {
  HOLD_DURATION_MS,
  RESERVATION_DURATION_MS,
  availableCell,
  effectiveCell,
  isReservationLive,
  type Cell,
} from './cell';
import type { CheckoutKind } from './money';

export type TransitionRefusal =
  /** Bought, or reserved when buying or reserving. */
  | 'not-available'
  /** Inside another donor's open checkout. */
  | 'held-by-other'
  /** Inside the caller's own open checkout already. */
  | 'already-held'
  /** Completing a plot that is not reserved. */
  | 'not-reserved'
  /** Completing someone else's reservation. */
  | 'not-owner'
  /** No hold of this Checkout Session on the plot (lapsed and taken, or never held). */
  | 'hold-not-found'
  | 'reservation-not-expired';

export type Transition = { ok: true; cell: Cell } | { ok: false; reason: TransitionRefusal };

const refuse = (reason: TransitionRefusal): Transition => ({ ok: false, reason });
const accept = (cell: Cell): Transition => ({ ok: true, cell });

export interface HoldRequest {
  uid: string;
  kind: CheckoutKind;
  sessionId: string;
  /** When the Checkout Session expires; defaults to 30 minutes from `now`. */
  expiresAt?: number;
}

/** Opening a checkout: buy or reserve an available plot, or complete one's own reservation. */
export function startHold(stored: Cell, request: HoldRequest, now: number): Transition {
  const expiresAt = request.expiresAt ?? now + HOLD_DURATION_MS;
  if (expiresAt <= now) throw new RangeError('A hold must expire after it starts');
  const cell = effectiveCell(stored, now);
  if (cell.status === 'held') {
    return refuse(cell.user === request.uid ? 'already-held' : 'held-by-other');
  }
  const hold = { session_id: request.sessionId, kind: request.kind, expires_at: expiresAt };
  if (request.kind === 'complete') {
    if (cell.status !== 'reserved') return refuse('not-reserved');
    if (cell.user !== request.uid) return refuse('not-owner');
    return accept({ ...cell, status: 'held', hold });
  }
  if (cell.status !== 'available') return refuse('not-available');
  return accept({ ...availableCell(cell), status: 'held', user: request.uid, hold });
}

export interface PaymentPaid {
  sessionId: string;
  /** What the map shows for the donor: name, or personal code when anonymous. */
  donorDisplay: string;
}

/**
 * The Checkout Session was paid. It counts while the stored hold is still this session's, even
 * if the hold lapsed a moment ago: nobody else has taken the plot, and the money is in.
 */
export function applyPayment(stored: Cell, payment: PaymentPaid, now: number): Transition {
  const hold = stored.status === 'held' ? stored.hold : null;
  if (!hold || hold.session_id !== payment.sessionId || stored.user === null) {
    return refuse('hold-not-found');
  }
  const owned = { ...stored, hold: null, donor_display: payment.donorDisplay };
  if (hold.kind === 'reserve') {
    return accept({ ...owned, status: 'reserved', reserved_until: now + RESERVATION_DURATION_MS });
  }
  return accept({ ...owned, status: 'bought', reserved_until: null });
}

/** The Checkout Session expired, failed or was cancelled: its plots go back. */
export function releaseHold(stored: Cell, sessionId: string, now: number): Transition {
  const hold = stored.status === 'held' ? stored.hold : null;
  if (!hold || hold.session_id !== sessionId) return refuse('hold-not-found');
  if (hold.kind === 'complete' && stored.user !== null && isReservationLive(stored, now)) {
    return accept({ ...stored, status: 'reserved', hold: null });
  }
  return accept(availableCell(stored));
}

/** The reservation's 30 days passed without the rest being paid. */
export function expireReservation(stored: Cell, now: number): Transition {
  if (stored.status !== 'reserved') return refuse('not-reserved');
  if (isReservationLive(stored, now)) return refuse('reservation-not-expired');
  return accept(availableCell(stored));
}
