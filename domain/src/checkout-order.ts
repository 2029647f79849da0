/**
 * A checkout as the product opens it, and its one codec for Stripe's session metadata: the
 * payment routes write it, the webhook reads it back. Metadata values are strings of at most
 * 500 characters; 50 plot codes joined by commas stay well under that.
 */
import { isLanguage, type Language } from './messages';
import { isCheckoutKind, type CheckoutKind } from './money';
import { tryParsePlotCode } from './plot-code';

export interface CheckoutOrder {
  uid: string;
  kind: CheckoutKind;
  /** Plot codes, e.g. `['K3', 'K4']`. */
  plots: string[];
  /**
   * Our reference of the checkout, written into each plot's hold (`hold.session_id`) before
   * Stripe is called (the plots are held first, so the Stripe session id is not known yet).
   */
  checkoutId: string;
  /**
   * Someone else pays through the donor's payment link (domain/src/payment-link.ts): the link's
   * id, and the language the payer's page was in (their receipt's). Absent for the donor's own.
   */
  paymentLink?: { id: string; payerLanguage: Language };
}

/** The session metadata that carries an order. */
export interface OrderMetadata {
  uid: string;
  kind: CheckoutKind;
  plots: string;
  checkout: string;
  /** Only on a payment link's checkout. */
  link?: string;
  link_lang?: string;
}

export function orderMetadata(order: CheckoutOrder): OrderMetadata {
  return {
    uid: order.uid,
    kind: order.kind,
    plots: order.plots.join(','),
    checkout: order.checkoutId,
    ...(order.paymentLink
      ? { link: order.paymentLink.id, link_lang: order.paymentLink.payerLanguage }
      : {}),
  };
}

/** The order a session's metadata carries; null when it is not one of ours or is malformed. */
export function orderFromMetadata(
  metadata: Readonly<Partial<Record<keyof OrderMetadata, string>>> | null | undefined,
): CheckoutOrder | null {
  const { uid, kind, plots, checkout, link, link_lang: linkLanguage } = metadata ?? {};
  if (!uid || !isCheckoutKind(kind) || !plots || !checkout) return null;
  const codes = plots.split(',');
  if (codes.some((code) => tryParsePlotCode(code) === null)) return null;
  const order: CheckoutOrder = { uid, kind, plots: codes, checkoutId: checkout };
  if (link) {
    order.paymentLink = { id: link, payerLanguage: isLanguage(linkLanguage) ? linkLanguage : 'es' };
  }
  return order;
}
