/** `payments/{sessionId}` read back: the order it was opened for and where it stands. */
import type { CheckoutOrder } from '../checkout-order';
import { isCheckoutKind } from '../money';
import type { PaymentStatus } from './decision';

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
