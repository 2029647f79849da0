/**
 * Opening a checkout (the three payment routes), the selection and consent already checked by
 * the router: hold every plot in one transaction, then create the Checkout Session. Holding first means a session never exists
 * for plots someone else has; if Stripe fails, the holds are given back at once.
 */
import { randomBytes } from 'node:crypto';
import {
  MAX_PLOTS_HELD_PER_ACCOUNT,
  MESSAGES,
  checkoutLineName,
  checkoutTotalCents,
  formatPlotCode,
  holdExpiresAt,
  pricePerPlotCents,
  reservationEndOf,
  sessionExpiresAt,
  type ApiRoutes,
  type CheckoutKind,
  type CheckoutOrder,
  type CheckoutPaymentMethod,
  type Language,
} from '@parroquia/domain';
import { logCheckoutFailed } from '../../log';
import type { ApiDependencies } from '../../ports/api-dependencies';
import type { HoldOutcome } from '../../ports/payments';
import { ApiError, jsonReply } from '../http';
import { API_MESSAGES } from '../messages';
import type { Handler } from '../router';

/** The three payment routes share one contract shape (`checkoutRoute` in domain/src/api). */
type CheckoutRoute = ApiRoutes['buyPlots' | 'reservePlots' | 'completeReservations'];

export const startCheckout =
  (kind: CheckoutKind): Handler<CheckoutRoute> =>
  async ({ deps, caller, body, headers, profile, language: callerLanguage }) => {
    // The interface language the app sent (`idioma`), else the caller's `Accept-Language`.
    const language = body.language ?? callerLanguage;
    const order: CheckoutOrder = {
      uid: caller.uid,
      kind,
      plots: body.plots.map(formatPlotCode),
      checkoutId: `chk_${randomBytes(12).toString('hex')}`,
    };
    // Read before holding: a failed read leaves no hold behind.
    const paymentMethods = await deps.paymentSettings.paymentMethods();
    const site = deps.payments.siteUrl(typeof headers.origin === 'string' ? headers.origin : null);
    return jsonReply(
      await openCheckout(deps, order, {
        successUrl: `${site}/success?session_id={CHECKOUT_SESSION_ID}`,
        // The cancel page gives the plots back at once (POST /api/payments/cancel/).
        cancelUrl: `${site}/cancel?checkout=${order.checkoutId}`,
        customerEmail: profile.email || null,
        language,
        paymentMethods,
      }),
    );
  };

/** Where Checkout sends the payer back, whom it asks, and what it offers. */
export interface CheckoutPage {
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | null;
  language: Language;
  /** The parish's ways of paying; card alone when left out. */
  paymentMethods?: readonly CheckoutPaymentMethod[];
  /** Runs once the plots are held, before Stripe is asked (a payment link notes its checkout). */
  afterHold?: () => Promise<void>;
}

/**
 * Holds the order's plots, opens its Checkout Session and records it: the donor's own payment
 * routes and a payment link's payer alike. A session Stripe fails to open gives the holds back.
 */
export async function openCheckout(
  deps: ApiDependencies,
  order: CheckoutOrder,
  page: CheckoutPage,
): Promise<{ sessionId: string; url: string }> {
  // The hold outlives the session by a few minutes (domain/src/hold-timing.ts); the session's
  // expiry releases the holds at once (checkout.session.expired).
  const holdEnd = holdExpiresAt(deps.now());
  const { store, checkout } = deps.payments;
  refuseUnless(await store.holdPlots(order, holdEnd));
  await page.afterHold?.();
  let session: { sessionId: string; url: string };
  try {
    session = await checkout.createSession({
      order,
      lines: order.plots.map((plot) => ({
        name: checkoutLineName(order.kind, plot, page.language),
        amountCents: pricePerPlotCents(order.kind),
      })),
      expiresAt: sessionExpiresAt(holdEnd, deps.now()),
      successUrl: page.successUrl,
      cancelUrl: page.cancelUrl,
      customerEmail: page.customerEmail,
      language: page.language,
      paymentMethods: page.paymentMethods,
    });
  } catch (error) {
    logCheckoutFailed(order.checkoutId, error);
    await store.releaseHolds(order);
    throw new ApiError(503, API_MESSAGES.checkoutUnavailable);
  }
  await store.recordCheckout(
    session.sessionId,
    order,
    checkoutTotalCents(order.kind, order.plots.length),
  );
  return { sessionId: session.sessionId, url: session.url };
}

/** A refused hold as the caller reads it (the payment links' checkouts too). */
export function refuseUnless(outcome: HoldOutcome): void {
  if (outcome.ok) return;
  if (outcome.reason === 'no-account') throw new ApiError(404, MESSAGES.userNotFound);
  if (outcome.reason === 'too-many-held') {
    throw new ApiError(409, MESSAGES.tooManyPlotsHeld(MAX_PLOTS_HELD_PER_ACCOUNT));
  }
  // Tells the donor the way out: confirming the e-mail.
  if (outcome.reason === 'address-unproven')
    throw new ApiError(403, MESSAGES.addressUnprovenToHold);
  switch (outcome.reason) {
    case 'unknown-plot':
      throw new ApiError(400, MESSAGES.plotInvalid(outcome.plot));
    case 'not-owner':
      throw new ApiError(403, API_MESSAGES.notYourReservation);
    default:
      // Taken, held by someone else, not reserved, or already in the caller's own checkout.
      throw new ApiError(409, MESSAGES.plotNotAvailable);
  }
}

/** The success page asks what the donor just paid for; another account's payment is a 404. */
export const checkoutOutcome: Handler<ApiRoutes['checkoutOutcome']> = async ({
  deps,
  caller,
  params,
}) => {
  const found = await deps.payments.store.findPayment(params.session_id);
  if (!found || found.order.uid !== caller.uid) throw new ApiError(404, MESSAGES.checkoutUnknown);
  const { kind, plots } = found.order;
  const reservedUntil =
    found.status === 'paid' && kind === 'reserve'
      ? reservationEndOf(await deps.donors.cellsOf(caller.uid), plots, caller.uid, deps.now())
      : null;
  return jsonReply({ status: found.status, kind, plots, reserved_until: reservedUntil });
};

/**
 * The donor cancelled on the payment page: the Checkout Session is expired at Stripe so it can
 * never be paid later, and the plots go back now rather than in 30 minutes.
 */
export const cancelCheckout: Handler<ApiRoutes['cancelCheckout']> = async ({
  deps,
  caller,
  body,
}) => {
  const { store, checkout } = deps.payments;
  const found = await store.findCheckout(body.checkout);
  if (!found || found.order.uid !== caller.uid) throw new ApiError(404, MESSAGES.checkoutUnknown);
  if (found.status === 'paid') throw new ApiError(409, MESSAGES.checkoutAlreadyPaid);
  if (found.status === 'pending') {
    const status = await checkout.expireSession(found.sessionId);
    if (status === 'complete') throw new ApiError(409, MESSAGES.checkoutAlreadyPaid);
  }
  await store.cancelCheckout(found.sessionId, found.order);
  return jsonReply({
    status: 'released' as const,
    kind: found.order.kind,
    plots: found.order.plots,
  });
};
