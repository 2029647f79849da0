/**
 * The donors' pages of the back office (docs/api.md): the search, one person's page, and a refund
 * staff ask for. The refund is checked by the money core in a transaction, asked of Stripe with
 * an idempotency key, then recorded as a staff action; Stripe's `charge.refunded` event writes
 * the ledger's refund row, the plots and the donor's e-mail, as for every refund.
 */
import { MESSAGES, type ApiRoutes } from '@parroquia/domain';
import { ApiError, jsonReply } from '../http';
import type { Handler } from '../router';

export const searchDonors: Handler<ApiRoutes['searchDonors']> = async ({ deps, params }) =>
  jsonReply({ donors: await deps.staffDonors.search(params) });

export const donorPage: Handler<ApiRoutes['donorPage']> = async ({ deps, params }) => {
  const page = await deps.staffDonors.page(params, deps.now());
  if (!page) throw new ApiError(404, MESSAGES.donorUnknown);
  return jsonReply(page);
};

export const refundDonation: Handler<ApiRoutes['refundDonation']> = async ({
  deps,
  caller,
  body,
}) => {
  const check = await deps.staffDonors.checkRefund(body, caller.uid, deps.now());
  if (!check.ok) throw new ApiError(409, check.message);
  const { asked } = check;
  const refundId = await deps.payments.checkout.refundPart({
    paymentIntent: asked.paymentIntent,
    amountCents: asked.amountCents,
    idempotencyKey: asked.idempotencyKey,
    donationId: body.donationId,
  });
  if (!refundId) throw new ApiError(409, MESSAGES.refundRefused);
  await check.record(refundId);
  return jsonReply({ refund_id: refundId, amount_cents: asked.amountCents });
};
