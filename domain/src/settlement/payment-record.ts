/** `payments/{sessionId}` read back: the order it was opened for and where it stands. */
import type { CheckoutOrder } from '../checkout-order';
import { millisOf } from '../instant';
import { isCheckoutKind } from '../money';
import type { AutomaticRefundReason, PaymentStatus } from './decision';

const PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'pending',
  'paid',
  'expired',
  'failed',
  'refunded',
];

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly unknown[]).includes(value);
}

export interface PaymentOnRecord {
  sessionId: string;
  order: CheckoutOrder;
  status: PaymentStatus;
}

/** The stored payment, or null when malformed. */
export function readPaymentDocument(
  sessionId: string,
  data: Record<string, unknown>,
): PaymentOnRecord | null {
  const { uid, kind, cells, status, checkout_id: checkoutId } = data;
  if (typeof uid !== 'string' || !isCheckoutKind(kind) || !Array.isArray(cells)) return null;
  if (!isPaymentStatus(status)) return null;
  const plots = cells.filter((cell): cell is string => typeof cell === 'string');
  return {
    sessionId,
    order: { uid, kind, plots, checkoutId: typeof checkoutId === 'string' ? checkoutId : '' },
    status,
  };
}

/**
 * Why money went back on a payment, as the refund's ledger row records it for the accountant:
 * the refund staff asked last (who, why, how much), or the site's own refund of a late payment.
 * Neither: a refund made in Stripe's dashboard.
 */
export interface RefundCause {
  staffAsk: { by: string; reason: string | null; amountCents: number } | null;
  automatic: AutomaticRefundReason | null;
}

export function readRefundCause(data: Record<string, unknown>): RefundCause {
  const { staff_refund_by: by, staff_refund_reason: reason, staff_refund_cents: cents } = data;
  const automatic = data.refund_reason;
  return {
    staffAsk:
      typeof by === 'string' && typeof cents === 'number'
        ? { by, reason: typeof reason === 'string' ? reason : null, amountCents: cents }
        : null,
    automatic: automatic === 'plots-taken' || automatic === 'amount-mismatch' ? automatic : null,
  };
}

/**
 * A payment whose money must go back (plots taken meanwhile, or a wrong amount) and whose refund
 * Stripe has not taken yet: the hourly sweep asks again, and staff see it on the panel until
 * then (issue 40 item 11), so kept money with no plot never goes unnoticed.
 */
export interface RefundOwed {
  sessionId: string;
  amountCents: number;
  /** When the money came in (epoch ms; 0 when not recorded). */
  paidAt: number;
  /** The plots the payment was for and did not get. */
  lostPlots: string[];
  paymentIntent: string | null;
}

/** The stored payment as a refund owed, or null when it owes none. */
export function readRefundOwed(
  sessionId: string,
  data: Record<string, unknown>,
): RefundOwed | null {
  if (data.refund_due !== true) return null;
  const lost = Array.isArray(data.lost_plots) ? data.lost_plots : [];
  return {
    sessionId,
    amountCents: typeof data.amount_cents === 'number' ? data.amount_cents : 0,
    paidAt: millisOf(data.paid_at) ?? 0,
    lostPlots: lost.filter((plot): plot is string => typeof plot === 'string'),
    paymentIntent: typeof data.payment_intent === 'string' ? data.payment_intent : null,
  };
}
