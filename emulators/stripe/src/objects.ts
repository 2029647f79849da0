/**
 * The Stripe objects the double answers, typed with the stripe SDK's own declarations: the
 * fields it fills are exactly Stripe's names and value types.
 */
import type Stripe from 'stripe';

export type SessionJson = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'allowed_payment_method_types'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer_details'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'url'
>;

export type LineItemJson = Pick<
  Stripe.LineItem,
  'id' | 'object' | 'amount_subtotal' | 'amount_total' | 'currency' | 'description' | 'quantity'
> & {
  price: { object: 'price'; currency: string; unit_amount: number | null; product_data?: unknown };
};

export type RefundJson = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'charge'
  | 'created'
  | 'currency'
  | 'metadata'
  | 'payment_intent'
  | 'reason'
  | 'status'
>;

export type ChargeJson = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_refunded'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'payment_intent'
  | 'refunded'
  | 'status'
>;

export type EventType =
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'charge.refunded';

export interface EventJson {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: SessionJson | ChargeJson };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: EventType;
}

/** Stripe's error body: `{ error: { type, message, param?, code? } }`. */
export interface StripeErrorBody {
  error: {
    type: 'invalid_request_error' | 'card_error' | 'api_error' | 'authentication_error';
    message: string;
    param?: string;
    code?: string;
    decline_code?: string;
  };
}
