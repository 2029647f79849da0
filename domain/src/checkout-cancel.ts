/**
 * A donor who cancels on the payment page gives their plots back at once (docs/product.md,
 * "Holds"): the cancel page names the checkout it came from, our own reference `chk_...`, which
 * the payment routes put into the page's cancel address.
 */
import * as z from 'zod/mini';
import { MESSAGES } from './messages';

const CHECKOUT_REFERENCE = /^chk_[0-9a-f]{24}$/;

/** `POST /api/payments/cancel/`: the checkout the donor walked away from. */
export const cancelCheckoutBodySchema = z.object({
  checkout: z
    .string({ error: MESSAGES.checkoutReferenceInvalid })
    .check(z.regex(CHECKOUT_REFERENCE, { error: MESSAGES.checkoutReferenceInvalid })),
});
export type CancelCheckoutBody = z.input<typeof cancelCheckoutBodySchema>;
