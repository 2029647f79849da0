/**
 * How long a checkout's hold and its Stripe session last (docs/product.md, "Holds"). The hold
 * outlives the session by a few minutes: holding may take a while when many donors race, and
 * Stripe wants a session to last at least 30 minutes from its creation. The session ends first,
 * and its expiry releases the holds at once.
 */
import { HOLD_DURATION_MS } from './cell';

const MINUTE = 60 * 1000;
/** How much longer than its Checkout Session a hold lasts: 30 + 5 = 35 minutes. */
export const HOLD_GRACE_MS = 5 * MINUTE;
/** Beyond Stripe's 30-minute minimum, for the time the request takes to reach Stripe: 31 minutes. */
export const SESSION_MARGIN_MS = MINUTE;

/** When a hold started at `now` lapses. */
export function holdExpiresAt(now: number): number {
  return now + HOLD_DURATION_MS + HOLD_GRACE_MS;
}

/** When the session created at `now` for a hold lapsing at `holdEnd` expires: never after it. */
export function sessionExpiresAt(holdEnd: number, now: number): number {
  return Math.min(holdEnd, now + HOLD_DURATION_MS + SESSION_MARGIN_MS);
}
