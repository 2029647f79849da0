/**
 * What each Stripe event does, in a table keyed by event type; types not in the table are
 * acknowledged and ignored. Every handler is idempotent per event id (`stripe_events`,
 * claimed inside the same transaction as the change it makes).
 */
import { orderFromMetadata } from '@parroquia/domain';
import type Stripe from 'stripe';
import { logRefundFailed, logStripeEvent } from '../log';
import type { PaymentDependencies, SettlementOutcome } from '../ports/payments';

export type HandledEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.expired'
  | 'checkout.session.async_payment_failed'
  | 'charge.refunded';

type EventOf<T extends HandledEventType> = Extract<Stripe.Event, { type: T }>;

type Handler<T extends HandledEventType> = (
  event: EventOf<T>,
  payments: PaymentDependencies,
) => Promise<SettlementOutcome>;

export const STRIPE_EVENT_HANDLERS: { [T in HandledEventType]: Handler<T> } = {
  'checkout.session.completed': (event, payments) =>
    // A delayed method (bank debit) completes unpaid; its async_payment_succeeded settles it.
    event.data.object.payment_status === 'unpaid'
      ? ignore(event, payments, 'completed but not paid yet')
      : settlePaid(event, payments),
  'checkout.session.async_payment_succeeded': settlePaid,
  'checkout.session.expired': (event, payments) => settleUnpaid(event, payments, 'expired'),
  'checkout.session.async_payment_failed': (event, payments) =>
    settleUnpaid(event, payments, 'failed'),
  'charge.refunded': (event, payments) => {
    const charge = event.data.object;
    const paymentIntent =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!paymentIntent) return ignore(event, payments, 'refund of a charge without payment');
    return payments.store.settleRefund({
      eventId: event.id,
      eventType: event.type,
      paymentIntent,
      amountRefundedCents: wholeCents(charge.amount_refunded),
      fullyRefunded: charge.refunded === true,
    });
  },
};

export function isHandledEventType(type: string): type is HandledEventType {
  return Object.hasOwn(STRIPE_EVENT_HANDLERS, type);
}

/** Runs the event's handler; the outcome is logged, and a late payment is refunded here. */
export async function handleStripeEvent(
  event: Stripe.Event,
  payments: PaymentDependencies,
): Promise<SettlementOutcome> {
  const outcome = !hasObject(event)
    ? await ignore(event, payments, 'event without data')
    : isHandledEventType(event.type)
      ? await (STRIPE_EVENT_HANDLERS[event.type] as Handler<HandledEventType>)(
          event as EventOf<HandledEventType>,
          payments,
        )
      : await ignore(event, payments, 'event type not handled');
  logStripeEvent(
    event.id,
    event.type,
    outcome.outcome,
    outcome.outcome === 'ignored' ? outcome.why : undefined,
  );
  if (outcome.outcome === 'refund-due' && outcome.paymentIntent) {
    const session = event.data.object as Stripe.Checkout.Session;
    // The event is recorded already, so Stripe will not send it again: a refund that fails now
    // stays due on the payment and the hourly sweep tries it again (refundsDue).
    await refundLatePayment(payments, session.id, outcome.paymentIntent);
  }
  return outcome;
}

function settlePaid(
  event: EventOf<'checkout.session.completed' | 'checkout.session.async_payment_succeeded'>,
  payments: PaymentDependencies,
): Promise<SettlementOutcome> {
  const session = event.data.object;
  const order = orderFromMetadata(session.metadata);
  if (!order) return ignore(event, payments, 'session without our metadata');
  const paymentIntent =
    typeof session.payment_intent === 'string'
      ? session.payment_intent
      : (session.payment_intent?.id ?? null);
  return payments.store.settlePaid({
    eventId: event.id,
    eventType: event.type,
    sessionId: session.id,
    order,
    amountCents: wholeCents(session.amount_total),
    currency: typeof session.currency === 'string' ? session.currency : '',
    paymentIntent,
    payer: order.paymentLink ? payerOf(session) : null,
  });
}

/** Who paid a payment link's session, as Stripe's page collected them. */
function payerOf(session: Stripe.Checkout.Session): { email: string; name: string } {
  const details = session.customer_details;
  return {
    email: details?.email ?? session.customer_email ?? '',
    name: details?.name ?? '',
  };
}

/** A signed event is Stripe's, but its shape is checked all the same: no crash on a bad one. */
function hasObject(event: Stripe.Event): boolean {
  const data = (event as { data?: { object?: unknown } }).data;
  return typeof data?.object === 'object' && data.object !== null;
}

/** An amount as Stripe sends it (integer cents), anything else as 0. */
function wholeCents(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

function settleUnpaid(
  event: EventOf<'checkout.session.expired' | 'checkout.session.async_payment_failed'>,
  payments: PaymentDependencies,
  status: 'expired' | 'failed',
): Promise<SettlementOutcome> {
  const session = event.data.object;
  const order = orderFromMetadata(session.metadata);
  if (!order) return ignore(event, payments, 'session without our metadata');
  return payments.store.settleUnpaid({
    eventId: event.id,
    eventType: event.type,
    sessionId: session.id,
    order,
    status,
  });
}

async function ignore(
  event: Stripe.Event,
  payments: PaymentDependencies,
  why: string,
): Promise<SettlementOutcome> {
  const first = await payments.store.markEventProcessed(event.id, event.type);
  return first ? { outcome: 'ignored', why } : { outcome: 'duplicate' };
}

/** Refunds a late payment and records it; a failure is logged and left due. */
export async function refundLatePayment(
  payments: PaymentDependencies,
  sessionId: string,
  paymentIntent: string,
): Promise<boolean> {
  try {
    const refundId = await payments.checkout.refund(paymentIntent, sessionId);
    await payments.store.recordRefund(sessionId, refundId);
    return true;
  } catch (error) {
    logRefundFailed(sessionId, error);
    return false;
  }
}

/** Tries again every late payment's refund that has not gone through (hourly, with the sweep). */
export async function retryDueRefunds(payments: PaymentDependencies): Promise<string[]> {
  const refunded: string[] = [];
  for (const { sessionId, paymentIntent } of await payments.store.listRefundsDue()) {
    if (paymentIntent === null) continue;
    if (await refundLatePayment(payments, sessionId, paymentIntent)) refunded.push(sessionId);
  }
  return refunded;
}
