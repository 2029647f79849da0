/** Stripe's webhook: the signed event, handled once per event id. */
import type { ApiRoutes } from '@parroquia/domain';
import type Stripe from 'stripe';
import { handleStripeEvent } from '../../payments/stripe-events';
import { ApiError, jsonReply } from '../http';
import { API_MESSAGES } from '../messages';
import type { Handler } from '../router';

/** Signed by Stripe, not by a user: the signature on the raw body is the only credential. */
export const stripeWebhook: Handler<ApiRoutes['stripeWebhook']> = async ({
  deps,
  rawBody,
  headers,
}) => {
  const signature = headers['stripe-signature'];
  const event: Stripe.Event | null = deps.payments.checkout.verifyEvent(
    rawBody,
    typeof signature === 'string' ? signature : undefined,
  );
  if (!event) throw new ApiError(400, API_MESSAGES.stripeSignatureInvalid);
  const outcome = await handleStripeEvent(event, deps.payments);
  return jsonReply({ received: true as const, outcome: outcome.outcome });
};
