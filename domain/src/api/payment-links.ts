/**
 * Payment links (docs/api.md): a donor makes one so that someone else pays; the payer opens it
 * without an account and pays through Checkout. The token is the link's only credential.
 */
import * as z from 'zod/mini';
import { checkoutLanguage } from '../checkout-language';
import type { PlotPosition } from '../grid';
import { MESSAGES } from '../messages';
import { isPaymentLinkKind, type PaymentLinkKind } from '../payment-link';
import { validatePaymentRequest } from '../plot-selection';
import { isRecord, invalid, valid, type Validation } from '../validation';
import { defineRoute } from './route';
import { validated } from './validated';

/** 32 random bytes in base64url: 43 characters. */
export const PAYMENT_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** `{ celdas: [{ x, y }], tipo }`: the plots, and whether the link pays their rest or buys them. */
export interface PaymentLinkRequestBody {
  celdas: PlotPosition[];
  tipo: PaymentLinkKind;
}

export interface PaymentLinkRequest {
  plots: PlotPosition[];
  kind: PaymentLinkKind;
}

function validateLinkRequest(body: unknown): Validation<PaymentLinkRequest> {
  const plots = validatePaymentRequest(body);
  if (!plots.ok) return plots;
  const kind = isRecord(body) ? body.tipo : undefined;
  if (!isPaymentLinkKind(kind)) return invalid(MESSAGES.paymentLinkKindInvalid);
  return valid({ plots: plots.value, kind });
}

const tokenSchema = z
  .string({ error: MESSAGES.paymentLinkTokenInvalid })
  .check(z.regex(PAYMENT_LINK_TOKEN, { error: MESSAGES.paymentLinkTokenInvalid }));

/** The donor makes a link; the token is shown once (only its hash is stored). */
export const createPaymentLink = defineRoute({
  method: 'POST',
  path: '/api/payment-links/',
  access: 'signed-in',
  privacyPolicy: 'required',
  body: validated<PaymentLinkRequestBody, PaymentLinkRequest>(validateLinkRequest),
  answer: z.object({
    token: z.string(),
    kind: z.enum(['complete', 'buy']),
    plots: z.array(z.string()),
    amount_cents: z.number(),
    /** Ms since the epoch. */
    expires_at: z.number(),
  }),
});

/** The payer's page: what the link pays, for whom (as the map shows them), and what is left. */
export const viewPaymentLink = defineRoute({
  method: 'GET',
  path: '/api/payment-links/view/',
  access: 'public',
  query: z.object({ token: tokenSchema }),
  answer: z.object({
    state: z.enum(['open', 'paid', 'cancelled', 'expired']),
    kind: z.enum(['complete', 'buy']),
    /** Every plot the link was made for. */
    plots: z.array(z.string()),
    /** Those the payer can still pay now; the others were taken meanwhile. */
    payable: z.array(z.string()),
    taken: z.array(z.string()),
    /** What the payable plots cost now. */
    amount_cents: z.number(),
    /** The donor's name, or their personal code when anonymous: never more. */
    donor_display: z.string(),
    expires_at: z.number(),
  }),
});

/** `{ token, celdas: ['K3'], idioma? }`: the plots the payer saw as payable, in their language. */
export const payPaymentLink = defineRoute({
  method: 'POST',
  path: '/api/payment-links/pay/',
  access: 'public',
  body: z.pipe(
    z.object({
      token: tokenSchema,
      celdas: z.array(z.string()).check(z.maxLength(50)),
      idioma: z.optional(z.unknown()),
    }),
    z.transform(({ token, celdas, idioma }) => ({
      token,
      plots: celdas,
      language: checkoutLanguage(idioma),
    })),
  ),
  answer: z.object({ sessionId: z.string(), url: z.string() }),
});

/** The donor cancels every open link of theirs (a link sent to the wrong person, the cap full). */
export const cancelPaymentLinks = defineRoute({
  method: 'POST',
  path: '/api/payment-links/cancel/',
  access: 'signed-in',
  answer: z.object({ cancelled: z.number() }),
});
