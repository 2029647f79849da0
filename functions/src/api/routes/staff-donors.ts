/**
 * The donors' pages of the back office (docs/api.md): the search, one person's page, and a refund
 * staff ask for. The refund is checked by the money core in a transaction, asked of Stripe with
 * an idempotency key, then recorded as a staff action; Stripe's `charge.refunded` event writes
 * the ledger's refund row, the plots and the donor's e-mail, as for every refund.
 */
import { MESSAGES, personIdOf, type ApiRoutes, type DonorSearch } from '@parroquia/domain';
import { ApiError, jsonReply } from '../http';
import type { Handler } from '../router';

/** What was searched for, as the record of staff actions shows it. */
function searched(search: DonorSearch): Record<string, string> {
  return { q: search.email ?? search.words.join(' ') };
}

// Each look at donors' personal data is recorded before it is answered: an answer that could
// not be recorded is not given (docs/product.md, "What staff see of donors").
export const searchDonors: Handler<ApiRoutes['searchDonors']> = async ({
  deps,
  params,
  caller,
}) => {
  const donors = await deps.staffDonors.search(params);
  await deps.staffActions.recordLookup(
    'search-donors',
    searched(params),
    donors.length,
    caller.uid,
    deps.now(),
  );
  return jsonReply({ donors });
};

export const donorPage: Handler<ApiRoutes['donorPage']> = async ({ deps, params, caller }) => {
  const page = await deps.staffDonors.page(params, deps.now());
  if (!page) throw new ApiError(404, MESSAGES.donorUnknown);
  await deps.staffActions.recordLookup(
    'view-donor',
    { id: personIdOf(params) },
    1,
    caller.uid,
    deps.now(),
  );
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
