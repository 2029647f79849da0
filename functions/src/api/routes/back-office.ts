/**
 * The back office's money routes (docs/api.md): each one transaction of the back-office store,
 * decided by the money core; a refusal is a 409 with the core's message, nothing written.
 */
import type { ApiRoutes } from '@parroquia/domain';
import { ApiError, jsonReply } from '../http';
import type { Handler } from '../router';
import type { BackOfficeOutcome } from '../../ports/staff';

function plotsOrRefuse(outcome: BackOfficeOutcome): string[] {
  if (!outcome.ok) throw new ApiError(409, outcome.message);
  return outcome.plots;
}

export const listReservations: Handler<ApiRoutes['listReservations']> = async ({ deps }) =>
  jsonReply({ reservations: await deps.backOffice.listReservations(deps.now()) });

export const completeReservationsAtParish: Handler<
  ApiRoutes['completeReservationsAtParish']
> = async ({ deps, caller, body }) => {
  const outcome = await deps.backOffice.completeReservations(body, caller.uid, deps.now());
  const plots = plotsOrRefuse(outcome);
  return jsonReply({ parcelas: plots, amount_cents: outcome.ok ? outcome.amountCents : 0 });
};

export const extendReservations: Handler<ApiRoutes['extendReservations']> = async ({
  deps,
  caller,
  body,
}) => {
  const change = { kind: 'extend' as const, until: body.until! };
  const outcome = await deps.backOffice.changeReservations(body, change, caller.uid, deps.now());
  return jsonReply({ parcelas: plotsOrRefuse(outcome) });
};

export const releaseReservations: Handler<ApiRoutes['releaseReservations']> = async ({
  deps,
  caller,
  body,
}) => {
  const change = { kind: 'release' as const };
  const outcome = await deps.backOffice.changeReservations(body, change, caller.uid, deps.now());
  return jsonReply({ parcelas: plotsOrRefuse(outcome) });
};

export const voidDonation: Handler<ApiRoutes['voidDonation']> = async ({ deps, caller, body }) => {
  const outcome = await deps.backOffice.voidDonation(body, caller.uid, deps.now());
  return jsonReply({ parcelas: plotsOrRefuse(outcome) });
};
