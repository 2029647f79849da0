/**
 * Anyone can check a certificate by its personal code (the QR code's page, /verificar/:code), or
 * a paper certificate by the code printed on it.
 */
import {
  donorDisplay,
  formatPlotCode,
  MESSAGES,
  paperCertificateCheck,
  plotsHeldBy,
  type ApiRoutes,
} from '@parroquia/domain';
import type { ApiDependencies } from '../../ports/api-dependencies';
import { ApiError, jsonReply } from '../http';
import { assertWithinRateLimit, VERIFY_LIMIT } from '../rate-limit';
import type { Handler } from '../router';

export const verifyCertificate: Handler<ApiRoutes['verifyCertificate']> = async ({
  deps,
  params,
  clientAddress,
}) => {
  const now = deps.now();
  // Public: the only key is the address the platform saw (20 checks a minute each).
  await assertWithinRateLimit(
    deps.rateLimits,
    VERIFY_LIMIT,
    `ip:${clientAddress}`,
    now,
    '/api/certificates/verify/',
  );
  return jsonReply(await checkCertificate(deps, params.code, now));
};

/**
 * What a certificate's code shows anyone (the check page, a shared link's preview): its plots and
 * the name as the map shows it; 404 for a code that is unknown or holds no plot (any more).
 */
export async function checkCertificate(deps: ApiDependencies, code: string, now: number) {
  const donor = await deps.donors.findByPersonalCode(code);
  if (!donor) return paperCertificate(deps, code, now);
  const plots = plotsHeldBy(await deps.donors.cellsOf(donor.uid), donor.uid, now);
  // A certificate is about plots: an account that holds none (yet, or any more) is not
  // shown, so the page never names someone who gave nothing, nor says the code exists.
  if (plots.length === 0) throw new ApiError(404, MESSAGES.donorCodeUnknown);
  // Only what the map already shows: the name, or the code for anonymous donors.
  return {
    code,
    donor_display: donorDisplay(donor.profile) as string | null,
    plots: plots.map((cell) => ({
      code: formatPlotCode(cell),
      status: cell.status === 'bought' ? ('bought' as const) : ('reserved' as const),
    })),
  };
}

/** A paper certificate's code: its plots and the name only as the map shows it, or 404. */
async function paperCertificate(deps: ApiDependencies, code: string, now: number) {
  const found = await deps.donors.findPaperCertificate(code);
  const check = found ? paperCertificateCheck(found.record, found.cells, now) : null;
  if (!check) throw new ApiError(404, MESSAGES.donorCodeUnknown);
  return { code, ...check };
}
