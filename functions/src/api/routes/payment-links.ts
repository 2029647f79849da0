/**
 * Payment links (docs/product.md, "A relative pays"): the donor makes one; anyone with its token
 * sees what it pays and pays it through Checkout, for the donor's account. The link holds
 * nothing: the plots are held only when the payer opens Checkout, as the donor's own would be.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  checkoutTotalCents,
  formatPlotCode,
  linkStateAt,
  MAX_OPEN_PAYMENT_LINKS,
  MAX_PAYMENT_LINKS_PER_DAY,
  MESSAGES,
  payablePlots,
  type ApiRoutes,
  type CheckoutOrder,
  type LinkCreation,
  type PaymentLink,
} from '@parroquia/domain';
import type { ApiDependencies } from '../../ports/api-dependencies';
import type { OpenedPaymentLink } from '../../ports/payment-links';
import { ApiError, jsonReply } from '../http';
import { assertWithinRateLimit, PAYMENT_LINK_LIMIT } from '../rate-limit';
import type { Handler } from '../router';
import { openCheckout } from './checkout';

/** The document id of a token: only the hash is stored, so a leaked database pays nothing. */
export const paymentLinkId = (token: string) => createHash('sha256').update(token).digest('hex');

export const createPaymentLink: Handler<ApiRoutes['createPaymentLink']> = async ({
  deps,
  caller,
  body,
}) => {
  const token = randomBytes(32).toString('base64url');
  const plots = body.plots.map(formatPlotCode);
  const made = await deps.paymentLinks.create(
    { id: paymentLinkId(token), uid: caller.uid, kind: body.kind, plots },
    deps.now(),
  );
  if (!made.ok) refuseCreation(made);
  return jsonReply({
    token,
    kind: body.kind,
    plots: made.plots,
    amount_cents: made.amountCents,
    expires_at: made.expiresAt,
  });
};

function refuseCreation(refusal: Exclude<LinkCreation, { ok: true }>): never {
  switch (refusal.reason) {
    case 'too-many-open':
      throw new ApiError(429, MESSAGES.paymentLinksTooManyOpen(MAX_OPEN_PAYMENT_LINKS));
    case 'too-many-today':
      throw new ApiError(429, MESSAGES.paymentLinksTooManyToday(MAX_PAYMENT_LINKS_PER_DAY));
    case 'unknown-plot':
      throw new ApiError(400, MESSAGES.plotInvalid(refusal.plot));
    case 'not-your-reservation':
      throw new ApiError(403, MESSAGES.paymentLinkNotYourReservation(refusal.plot));
    case 'plot-not-free':
      throw new ApiError(409, MESSAGES.paymentLinkPlotNotFree(refusal.plot));
  }
}

/** The link of a token, counted against the caller's address first (tokens are not guessed). */
async function openLink(
  deps: ApiDependencies,
  token: string,
  clientAddress: string,
  path: string,
): Promise<OpenedPaymentLink> {
  await assertWithinRateLimit(
    deps.rateLimits,
    PAYMENT_LINK_LIMIT,
    `ip:${clientAddress}`,
    deps.now(),
    path,
  );
  const opened = await deps.paymentLinks.open(paymentLinkId(token));
  if (!opened) throw new ApiError(404, MESSAGES.paymentLinkUnknown);
  return opened;
}

export const viewPaymentLink: Handler<ApiRoutes['viewPaymentLink']> = async ({
  deps,
  params,
  clientAddress,
}) => {
  const { link, cells, donorDisplay } = await openLink(
    deps,
    params.token,
    clientAddress,
    '/api/payment-links/view/',
  );
  const now = deps.now();
  const state = linkStateAt(link, now);
  const { payable, taken } =
    state === 'open' ? payablePlots(link, cells, now) : { payable: [], taken: [] };
  return jsonReply({
    state,
    kind: link.kind,
    plots: link.plots,
    payable,
    taken,
    amount_cents: checkoutTotalCents(link.kind, payable.length),
    donor_display: donorDisplay,
    expires_at: link.expiresAt,
  });
};

function refuseUnlessOpen(link: PaymentLink, now: number): void {
  const state = linkStateAt(link, now);
  if (state === 'paid') throw new ApiError(409, MESSAGES.paymentLinkPaid);
  if (state === 'expired') throw new ApiError(409, MESSAGES.paymentLinkExpired);
  if (state === 'cancelled') throw new ApiError(409, MESSAGES.paymentLinkCancelled);
}

/**
 * The payer's last checkout for this link, if still open, ends before a new one: Stripe's
 * session is expired (so it is never paid twice) and its holds go back.
 */
async function closeEarlierCheckout(deps: ApiDependencies, link: PaymentLink): Promise<void> {
  if (!link.checkoutId) return;
  const { store, checkout } = deps.payments;
  const earlier = await store.findCheckout(link.checkoutId);
  if (!earlier) return;
  if (earlier.status === 'paid') throw new ApiError(409, MESSAGES.paymentLinkPaid);
  if (earlier.status !== 'pending') return;
  const status = await checkout.expireSession(earlier.sessionId);
  if (status === 'complete') throw new ApiError(409, MESSAGES.paymentLinkPaid);
  await store.cancelCheckout(earlier.sessionId, earlier.order);
}

export const payPaymentLink: Handler<ApiRoutes['payPaymentLink']> = async ({
  deps,
  body,
  headers,
  clientAddress,
  language: callerLanguage,
}) => {
  const { link, cells } = await openLink(
    deps,
    body.token,
    clientAddress,
    '/api/payment-links/pay/',
  );
  refuseUnlessOpen(link, deps.now());
  const { payable } = payablePlots(link, cells, deps.now());
  // The payer pays what their page showed, and it must still be what can be paid.
  const seen = [...body.plots].sort().join(',');
  if (payable.length === 0 || seen !== [...payable].sort().join(',')) {
    throw new ApiError(409, MESSAGES.paymentLinkPlotsChanged);
  }
  await closeEarlierCheckout(deps, link);
  const language = body.language ?? callerLanguage;
  const order: CheckoutOrder = {
    uid: link.uid,
    kind: link.kind,
    plots: payable,
    checkoutId: `chk_${randomBytes(12).toString('hex')}`,
    paymentLink: { id: link.id, payerLanguage: language },
  };
  const site = deps.payments.siteUrl(typeof headers.origin === 'string' ? headers.origin : null);
  // The usual hold, now and not when the link was made: the donor's cap and rules apply.
  return jsonReply(
    await openCheckout(deps, order, {
      // Back to the payer's page, which says when the payment has arrived.
      successUrl: `${site}/pagar/${body.token}?pagado=1`,
      cancelUrl: `${site}/pagar/${body.token}`,
      // Stripe asks the payer's own address: never the donor's.
      customerEmail: null,
      language,
      afterHold: () => deps.paymentLinks.recordCheckout(link.id, order.checkoutId),
    }),
  );
};

/**
 * The donor cancels every open link of theirs: a payer's Checkout still open is expired at
 * Stripe and its holds go back first; a link whose payment went through meanwhile stays paid.
 */
export const cancelPaymentLinks: Handler<ApiRoutes['cancelPaymentLinks']> = async ({
  deps,
  caller,
}) => {
  let cancelled = 0;
  for (const link of await deps.paymentLinks.openLinksOf(caller.uid, deps.now())) {
    try {
      await closeEarlierCheckout(deps, link);
    } catch (error) {
      // Paid while we looked: the webhook makes it paid; it is not cancelled.
      if (error instanceof ApiError && error.status === 409) continue;
      throw error;
    }
    if (await deps.paymentLinks.cancel(link.id, deps.now())) cancelled += 1;
  }
  return jsonReply({ cancelled });
};
