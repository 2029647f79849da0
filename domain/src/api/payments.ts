/** Buying, reserving, completing reservations, cancelling, and Stripe's webhook (docs/api.md). */
import * as z from 'zod/mini';
import { cancelCheckoutBodySchema } from '../checkout-cancel';
import { checkoutLanguage } from '../checkout-language';
import { MESSAGES, type Language } from '../messages';
import type { PlotPosition } from '../grid';
import { validatePaymentRequest } from '../plot-selection';
import { isRecord, valid, type Validation } from '../validation';
import { defineRoute } from './route';
import { validated } from './validated';

/**
 * `{ celdas: [{ x, y }], idioma? }`: non-empty, valid plots, without repeats; `idioma` the
 * interface language, which Stripe's page and the order's lines are written in.
 */
export interface PaymentRequestBody {
  celdas: PlotPosition[];
  idioma?: Language;
}

/** A payment request as the handlers read it. */
export interface CheckoutRequest {
  plots: PlotPosition[];
  /** Null when the client sent none: the caller's `Accept-Language` decides. */
  language: Language | null;
}

function validateCheckoutRequest(body: unknown): Validation<CheckoutRequest> {
  const plots = validatePaymentRequest(body);
  if (!plots.ok) return plots;
  const language = checkoutLanguage(isRecord(body) ? body.idioma : undefined);
  return valid({ plots: plots.value, language });
}

const paymentBody = validated<PaymentRequestBody, CheckoutRequest>(validateCheckoutRequest);

/** Where the donor pays: Stripe's page for the session just opened. */
const checkoutSessionSchema = z.object({ sessionId: z.string(), url: z.string() });

const checkoutRoute = (path: `/api/payments/${string}/`) =>
  defineRoute({
    method: 'POST',
    path,
    access: 'signed-in',
    privacyPolicy: 'required',
    body: paymentBody,
    answer: checkoutSessionSchema,
  });

export const buyPlots = checkoutRoute('/api/payments/stripe-multiple/');
export const reservePlots = checkoutRoute('/api/payments/stripe-reservation-multiple/');
export const completeReservations = checkoutRoute(
  '/api/payments/stripe-complete-reservation-multiple/',
);

/** The cancel page: the donor's checkout ends now and its plots go back on sale. */
export const cancelCheckout = defineRoute({
  method: 'POST',
  path: '/api/payments/cancel/',
  access: 'signed-in',
  body: cancelCheckoutBodySchema,
  /** The plots given back (the web restores them as a selection). */
  answer: z.object({
    status: z.literal('released'),
    kind: z.enum(['buy', 'reserve', 'complete']),
    plots: z.array(z.string()),
  }),
});

/** Stripe's own reference of a Checkout Session, as the success page's address carries it. */
const SESSION_REFERENCE = /^cs_[A-Za-z0-9_]{1,200}$/;

/** The success page: what the donor's payment paid for, and whether it went through yet. */
export const checkoutOutcome = defineRoute({
  method: 'GET',
  path: '/api/payments/checkout/',
  access: 'signed-in',
  query: z.object({
    session_id: z
      .string({ error: MESSAGES.checkoutReferenceInvalid })
      .check(z.regex(SESSION_REFERENCE, { error: MESSAGES.checkoutReferenceInvalid })),
  }),
  answer: z.object({
    /** `pending` until Stripe's event arrives (a moment, or days for a bank debit). */
    status: z.enum(['pending', 'paid', 'expired', 'failed', 'refunded']),
    kind: z.enum(['buy', 'reserve', 'complete']),
    plots: z.array(z.string()),
    /**
     * A paid reservation: when it ends (ms since the epoch), the earliest of the plots the
     * caller still holds reserved; null otherwise.
     */
    reserved_until: z.nullable(z.number()),
  }),
});

/** Signed by Stripe, not by a user: the signature on the raw body is the only credential. */
export const stripeWebhook = defineRoute({
  method: 'POST',
  path: '/api/payments/webhook/',
  access: 'public',
  body: 'raw',
  answer: z.object({ received: z.literal(true), outcome: z.string() }),
});
