/**
 * Card payments: the checkouts and what Stripe's events settle, and Stripe itself.
 */
import type {
  HoldOutcome,
  PaymentOnRecord,
  SettlementOutcome,
  CheckoutOrder,
  CheckoutPaymentMethod,
  Language,
  RefundOwed,
} from '@parroquia/domain';
import type Stripe from 'stripe';

/** What one Checkout Session pays for (its metadata carries it: `orderMetadata`). */
export type { CheckoutOrder };

export type { HoldOutcome, SettlementOutcome } from '@parroquia/domain';

/** Every write to cells, payments, the ledger and `stripe_events`, each one transaction. */
export interface PaymentStore {
  /** All plots held for the order, or none (the first refusal is answered). */
  holdPlots(order: CheckoutOrder, expiresAt: number): Promise<HoldOutcome>;
  /** Gives back the plots still held by this checkout (Stripe failed, session expired...). */
  releaseHolds(order: CheckoutOrder): Promise<void>;
  /** The payment of a Checkout Session (`payments/{sessionId}`), or null. */
  findPayment(sessionId: string): Promise<OpenedCheckout | null>;
  /** The payment opened for our checkout reference, or null. */
  findCheckout(checkoutId: string): Promise<OpenedCheckout | null>;
  /** The donor walked away: the holds go back and a pending payment is `expired`, together. */
  cancelCheckout(sessionId: string, order: CheckoutOrder): Promise<void>;
  /** `payments/{sessionId}` as pending, unless an event already wrote it. */
  recordCheckout(sessionId: string, order: CheckoutOrder, amountCents: number): Promise<void>;
  /** Paid: plots to bought/reserved, payment and ledger entry, event id; all or none. */
  settlePaid(event: PaidSettlement): Promise<SettlementOutcome>;
  /** Expired or failed: the holds go back. */
  settleUnpaid(event: UnpaidSettlement): Promise<SettlementOutcome>;
  /** Money given back on a charge: a refund row in the ledger; plots no longer paid for freed. */
  settleRefund(event: RefundSettlement): Promise<SettlementOutcome>;
  /** The automatic refund of a late payment went through. */
  recordRefund(sessionId: string, refundId: string): Promise<void>;
  /** Late payments whose automatic refund has not gone through yet (the call to Stripe failed). */
  listRefundsDue(): Promise<RefundOwed[]>;
  /** Marks a Stripe event processed with nothing else to do (unknown session, ignored type). */
  markEventProcessed(eventId: string, type: string): Promise<boolean>;
}

/** The store's checkouts, opened and closed (`firestore-checkouts.ts` on Firestore). */
export type PaymentCheckouts = Pick<
  PaymentStore,
  | 'holdPlots'
  | 'releaseHolds'
  | 'findPayment'
  | 'findCheckout'
  | 'cancelCheckout'
  | 'recordCheckout'
>;

/** The rest of the store: what Stripe's events settle (`firestore-settlements.ts`). */
export type PaymentSettlements = Omit<PaymentStore, keyof PaymentCheckouts>;

/** A stored payment: the order it was opened for and where it stands. */
export type OpenedCheckout = PaymentOnRecord;

export interface PaidSettlement {
  eventId: string;
  eventType: string;
  sessionId: string;
  order: CheckoutOrder;
  amountCents: number;
  /** ISO code as Stripe writes it, lower case (`eur`). */
  currency: string;
  paymentIntent: string | null;
  /** Who paid, as Stripe's page collected it (`customer_details`); read for a payment link's. */
  payer?: { email: string; name: string } | null;
}

export interface UnpaidSettlement {
  eventId: string;
  eventType: string;
  sessionId: string;
  order: CheckoutOrder;
  status: 'expired' | 'failed';
}

export interface RefundSettlement {
  eventId: string;
  eventType: string;
  paymentIntent: string;
  /** Everything refunded on the charge so far (Stripe's `amount_refunded`), in cents. */
  amountRefundedCents: number;
  /** The whole charge went back (Stripe's `refunded`). */
  fullyRefunded: boolean;
}

export interface CheckoutSessionRequest {
  order: CheckoutOrder;
  lines: Array<{ name: string; amountCents: number }>;
  expiresAt: number;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | null;
  /** Stripe's payment page is shown in it (the session's `locale`). */
  language: Language;
  /**
   * The ways of paying offered (`allowed_payment_method_types`), from the parish's setting;
   * absent, card alone (`DEFAULT_PAYMENT_METHODS`).
   */
  paymentMethods?: readonly CheckoutPaymentMethod[];
}

export interface CheckoutGateway {
  createSession(request: CheckoutSessionRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Ends an open Checkout Session so it can no longer be paid; answers the session's status
   * afterwards (`complete` when it was paid first).
   */
  expireSession(sessionId: string): Promise<'open' | 'complete' | 'expired'>;
  /** Refunds the whole payment; idempotent per session. */
  refund(paymentIntent: string, sessionId: string): Promise<string>;
  /**
   * Refunds `amountCents` of the payment for staff (issue 32, part 6); idempotent per key. Answers
   * Stripe's refund id, or null when Stripe refused it (already refunded, more than is left).
   */
  refundPart(request: {
    paymentIntent: string;
    amountCents: number;
    idempotencyKey: string;
    donationId: string;
  }): Promise<string | null>;
  /** The verified event, or null when the signature does not match the raw body. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event | null;
}

export interface PaymentDependencies {
  store: PaymentStore;
  checkout: CheckoutGateway;
  /** The site's address for the success and cancel URLs, e.g. `http://localhost:5000`. */
  siteUrl: (requestOrigin: string | null) => string;
}
