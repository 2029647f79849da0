/**
 * How an open Checkout Session ends: paid on the hosted page with a test card, expired by
 * `POST .../expire`, or expired by the clock past its `expires_at`. Each sends its event.
 */
import { invalidRequest } from '../errors.ts';
import { emitEvent } from '../events.ts';
import { stripeId } from '../ids.ts';
import type { ChargeJson, SessionJson } from '../objects.ts';
import type { DoubleState, SessionState } from '../state.ts';
import { unixSeconds } from '../time.ts';
import { sessionOf } from './sessions.ts';

/** Stripe's test cards the hosted page knows. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const;

export type CardOutcome = 'paid' | 'declined' | 'invalid';

/**
 * `POST /v1/checkout/sessions/:id/expire`. Stripe expires only open sessions: a completed or
 * already expired one is a 400 `invalid_request_error` naming its status.
 */
export function expireByRequest(state: DoubleState, id: string): SessionJson {
  const session = sessionOf(state, id);
  if (session.json.status !== 'open') {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.json.status}\`.`,
    );
  }
  expire(state, session);
  return session.json;
}

/** Expires the open sessions whose `expires_at` is at or before `asOf` (unix seconds). */
export function expireDueSessions(state: DoubleState, asOf = unixSeconds()): void {
  for (const session of state.sessions.values()) {
    if (session.json.status === 'open' && session.json.expires_at <= asOf) expire(state, session);
  }
}

/** A card typed on the hosted page of an open session: 4242... pays, 4000...0002 is declined. */
export function payByCard(
  state: DoubleState,
  session: SessionState,
  card: string,
  customer: { email?: string | null; name?: string | null } = {},
): CardOutcome {
  const digits = card.replace(/[\s-]/g, '');
  if (digits === TEST_CARDS.declined) return 'declined';
  if (digits !== TEST_CARDS.succeeds) return 'invalid';
  // Who paid, as Stripe reports it: the address typed on the page, else the session's.
  session.json.customer_details = {
    address: null,
    business_name: null,
    individual_name: null,
    email: customer.email || session.json.customer_email || null,
    name: customer.name || null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  pay(state, session);
  return 'paid';
}

/** The Bizum mobile the double declines, as 4000...0002 among cards. */
export const DECLINED_BIZUM_PHONE = '600000002';

/** A Spanish mobile (9 digits from 6 or 7, `+34` or `0034` before them allowed), else null. */
export function bizumPhone(typed: string): string | null {
  const digits = typed.replace(/[\s.-]/g, '').replace(/^(\+34|0034)/, '');
  return /^[67]\d{8}$/.test(digits) ? digits : null;
}

/**
 * Bizum confirmed in the bank's app: paid at once, as Stripe's Bizum payments are (the same
 * `checkout.session.completed` with `payment_status: 'paid'` as a card's), or declined.
 */
export function payByBizum(
  state: DoubleState,
  session: SessionState,
  phone: string,
): 'paid' | 'declined' | 'phoneInvalid' {
  const mobile = bizumPhone(phone);
  if (!mobile) return 'phoneInvalid';
  if (mobile === DECLINED_BIZUM_PHONE) return 'declined';
  pay(state, session);
  return 'paid';
}

function expire(state: DoubleState, session: SessionState): void {
  session.json.status = 'expired';
  session.json.url = null;
  emitEvent(state, 'checkout.session.expired', session.json);
}

function pay(state: DoubleState, session: SessionState): void {
  const paymentIntent = stripeId('pi');
  const charge: ChargeJson = {
    id: stripeId('ch'),
    object: 'charge',
    amount: session.json.amount_total ?? 0,
    amount_refunded: 0,
    created: unixSeconds(),
    currency: session.json.currency ?? 'eur',
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: paymentIntent,
    refunded: false,
    status: 'succeeded',
  };
  session.charge = charge;
  Object.assign(session.json, {
    status: 'complete',
    payment_status: 'paid',
    payment_intent: paymentIntent,
    url: null,
  } satisfies Partial<SessionJson>);
  emitEvent(state, 'checkout.session.completed', session.json);
}
