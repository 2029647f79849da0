/**
 * The ways of paying Stripe Checkout offers the donor: a parish setting (docs/product.md, "Bizum
 * and wallets"). Card alone by default; staff may add Bizum. Apple Pay and Google Pay are no
 * setting: Stripe shows them with the card where the donor's browser has them.
 *
 * Only methods whose money arrives at once may be offered: a plot is held for minutes and its
 * certificate is issued when the payment completes, so a method paid days later (SEPA debit) is
 * refused by the setting itself, never stored.
 */
import { MESSAGES } from './messages';
import { invalid, valid, type Validation } from './validation';

/** Stripe's names (`allowed_payment_method_types`) of the methods the parish may offer. */
export const CHECKOUT_PAYMENT_METHODS = ['card', 'bizum'] as const;
export type CheckoutPaymentMethod = (typeof CHECKOUT_PAYMENT_METHODS)[number];

/** Card alone, until staff turn another on. */
export const DEFAULT_PAYMENT_METHODS: readonly CheckoutPaymentMethod[] = ['card'];

/** Stripe methods whose money arrives days after the donor pays: never offered. */
export const DELAYED_PAYMENT_METHODS = ['sepa_debit'] as const;

export function isCheckoutPaymentMethod(value: unknown): value is CheckoutPaymentMethod {
  return (
    typeof value === 'string' && (CHECKOUT_PAYMENT_METHODS as readonly string[]).includes(value)
  );
}

const inOrder = (methods: Iterable<CheckoutPaymentMethod>): CheckoutPaymentMethod[] => {
  const chosen = new Set(methods);
  return CHECKOUT_PAYMENT_METHODS.filter((method) => chosen.has(method));
};

/**
 * The list staff send: Stripe's names, card always among them (the wallets ride on it, and it is
 * the way every donor can pay). Repeats collapse; the answer is in the order of
 * `CHECKOUT_PAYMENT_METHODS`.
 */
export function validatePaymentMethods(input: unknown): Validation<CheckoutPaymentMethod[]> {
  if (!Array.isArray(input) || input.some((item) => typeof item !== 'string')) {
    return invalid(MESSAGES.paymentMethodsMalformed);
  }
  const names = input as string[];
  if (names.some((name) => (DELAYED_PAYMENT_METHODS as readonly string[]).includes(name))) {
    return invalid(MESSAGES.paymentMethodDelayed);
  }
  const unknown = names.find((name) => !isCheckoutPaymentMethod(name));
  if (unknown !== undefined) return invalid(MESSAGES.paymentMethodUnknown(unknown.slice(0, 40)));
  if (!names.includes('card')) return invalid(MESSAGES.paymentMethodsWithoutCard);
  return valid(inOrder(names as CheckoutPaymentMethod[]));
}

/**
 * The stored setting as Checkout uses it: whatever a document holds, only methods the parish may
 * offer, card always; no document (or a broken one) is the default.
 */
export function readPaymentMethods(stored: unknown): CheckoutPaymentMethod[] {
  if (!Array.isArray(stored)) return [...DEFAULT_PAYMENT_METHODS];
  return inOrder(['card', ...stored.filter(isCheckoutPaymentMethod)]);
}
