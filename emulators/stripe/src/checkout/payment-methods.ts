/**
 * A Checkout Session's ways of paying: `allowed_payment_method_types` as sent (null when none
 * was), and `payment_method_types` the page offers (card alone by default, as Stripe's default
 * for an account with no other method on). The double pays by card and by Bizum, both at once;
 * any other method is refused when the session is created, so a test cannot believe it offered
 * one the double never shows.
 */
import { invalidParam } from '../errors.ts';
import { asList, asString, type FormValue } from '../form.ts';

export const DOUBLE_PAYMENT_METHODS = ['card', 'bizum'] as const;
export type DoublePaymentMethod = (typeof DOUBLE_PAYMENT_METHODS)[number];

export function sessionPaymentMethods(param: FormValue | undefined): {
  allowed: string[] | null;
  offered: DoublePaymentMethod[];
} {
  if (param === undefined) return { allowed: null, offered: ['card'] };
  const names = asList(param).map((value) => asString(value) ?? '');
  names.forEach((name, index) => {
    if (!(DOUBLE_PAYMENT_METHODS as readonly string[]).includes(name)) {
      throw invalidParam(
        `The payment method type provided: ${name} is invalid. This double supports: ${DOUBLE_PAYMENT_METHODS.join(', ')}.`,
        `allowed_payment_method_types[${index}]`,
      );
    }
  });
  if (names.length === 0)
    throw invalidParam('Invalid array', 'allowed_payment_method_types', 'parameter_missing');
  return { allowed: names, offered: [...new Set(names)] as DoublePaymentMethod[] };
}
