/**
 * `POST /v1/refunds` by `payment_intent` or `charge` (whole or in part, never past what is left
 * on the charge) and `GET /v1/refunds/:id`. Each refund sends `charge.refunded`.
 */
import { invalidParam, invalidRequest, resourceMissing } from './errors.ts';
import { emitEvent } from './events.ts';
import { asMetadata, asString, type FormValue } from './form.ts';
import { stripeId } from './ids.ts';
import type { RefundJson } from './objects.ts';
import type { DoubleState } from './state.ts';
import { unixSeconds } from './time.ts';

export function createRefund(state: DoubleState, params: Record<string, FormValue>): RefundJson {
  const paymentIntent = asString(params.payment_intent);
  const chargeId = asString(params.charge);
  const paid = [...state.sessions.values()].find(
    (session) =>
      session.charge !== null &&
      (session.charge.payment_intent === paymentIntent || session.charge.id === chargeId),
  );
  if (!paymentIntent && !chargeId)
    throw invalidParam('One of `charge` or `payment_intent` is required.');
  if (!paid?.charge) {
    throw paymentIntent
      ? resourceMissing('payment_intent', paymentIntent, 'payment_intent')
      : resourceMissing('charge', chargeId!, 'charge');
  }
  const charge = paid.charge;
  const left = charge.amount - charge.amount_refunded;
  const amount = params.amount === undefined ? left : Number(asString(params.amount));
  if (left <= 0) {
    throw invalidRequest(
      `Charge ${charge.id} has already been refunded.`,
      undefined,
      'charge_already_refunded',
    );
  }
  if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
    throw invalidRequest(
      `Refund amount (€${amount / 100}) is greater than unrefunded amount on charge (€${left / 100})`,
      'amount',
      'amount_too_large',
    );
  }
  const refund: RefundJson = {
    id: stripeId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    created: unixSeconds(),
    currency: charge.currency,
    metadata: asMetadata(params.metadata),
    payment_intent: charge.payment_intent as string,
    reason: (asString(params.reason) as RefundJson['reason']) ?? null,
    status: 'succeeded',
  };
  state.refunds.set(refund.id, refund);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  emitEvent(state, 'charge.refunded', charge);
  return refund;
}

export function refundOf(state: DoubleState, id: string): RefundJson {
  const refund = state.refunds.get(id);
  if (!refund) throw resourceMissing('refund', id);
  return refund;
}
