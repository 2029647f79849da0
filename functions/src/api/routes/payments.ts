/** Buying, reserving, completing reservations (docs/api.md), and Stripe's webhook. */
import type Stripe from 'stripe';
import { cancelCheckoutBodySchema } from '@parroquia/domain';
import { cancelCheckout, startCheckout } from '../../payments/checkout';
import { handleStripeEvent } from '../../payments/stripe-events';
import { ApiError, jsonReply } from '../http';
import { API_MESSAGES } from '../messages';
import { publicRoute, signedInRoute } from '../router';

export const buyPlotsRoute = signedInRoute('POST', '/api/payments/stripe-multiple/', (context) =>
  startCheckout(context, 'buy'),
);

export const reservePlotsRoute = signedInRoute(
  'POST',
  '/api/payments/stripe-reservation-multiple/',
  (context) => startCheckout(context, 'reserve'),
);

export const completeReservationsRoute = signedInRoute(
  'POST',
  '/api/payments/stripe-complete-reservation-multiple/',
  (context) => startCheckout(context, 'complete'),
);

/** The cancel page: the donor's checkout ends now and its plots go back on sale. */
export const cancelCheckoutRoute = signedInRoute(
  'POST',
  '/api/payments/cancel/',
  (context) => cancelCheckout(context, context.body.checkout),
  { bodySchema: cancelCheckoutBodySchema },
);

/** Signed by Stripe, not by a user: the signature on the raw body is the only credential. */
export const stripeWebhookRoute = publicRoute(
  'POST',
  '/api/payments/webhook/',
  async ({ deps, rawBody, headers }) => {
    const signature = headers['stripe-signature'];
    const event: Stripe.Event | null = deps.payments.checkout.verifyEvent(
      rawBody,
      typeof signature === 'string' ? signature : undefined,
    );
    if (!event) throw new ApiError(400, API_MESSAGES.stripeSignatureInvalid);
    const outcome = await handleStripeEvent(event, deps.payments);
    return jsonReply({ received: true, outcome: outcome.outcome });
  },
  { body: 'raw' },
);

export const PAYMENT_ROUTES = [
  buyPlotsRoute,
  reservePlotsRoute,
  completeReservationsRoute,
  cancelCheckoutRoute,
  stripeWebhookRoute,
];
