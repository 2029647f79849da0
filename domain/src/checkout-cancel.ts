/**
 * A donor who cancels on the payment page gives their plots back at once (docs/product.md,
 * "Holds"): the cancel page names the checkout it came from, our own reference `chk_...`, which
 * the payment routes put into the page's cancel address.
 */
import { z } from 'zod';
import { MESSAGES } from './messages';
import type { CheckoutKind } from './money';

const CHECKOUT_REFERENCE = /^chk_[0-9a-f]{24}$/;

/** `POST /api/payments/cancel/`: the checkout the donor walked away from. */
export const cancelCheckoutBodySchema = z.object({
  checkout: z
    .string({ error: MESSAGES.checkoutReferenceInvalid })
    .regex(CHECKOUT_REFERENCE, { error: MESSAGES.checkoutReferenceInvalid }),
});
export type CancelCheckoutBody = z.input<typeof cancelCheckoutBodySchema>;

/** What the cancel route answers: the plots given back (the web restores them as a selection). */
export interface CancelCheckoutAnswer {
  status: 'released';
  kind: CheckoutKind;
  plots: string[];
}
