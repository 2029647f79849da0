/**
 * The record of staff actions, a page at a time (docs/api.md), and a registration's paper
 * certificate printed filled in, which that record keeps too.
 */
import { MESSAGES, STAFF_ACTIONS_PAGE_SIZE, type ApiRoutes } from '@parroquia/domain';
import { ApiError, fileReply, jsonReply } from '../http';
import type { Handler } from '../router';

export const listStaffActions: Handler<ApiRoutes['listStaffActions']> = async ({
  deps,
  params,
}) => {
  const page = await deps.staffActions.list(params, STAFF_ACTIONS_PAGE_SIZE);
  if (!page) throw new ApiError(400, MESSAGES.staffActionsCursorInvalid);
  return jsonReply({ actions: page.actions, next_cursor: page.nextCursor });
};

export const printFilledCertificate: Handler<ApiRoutes['printFilledCertificate']> = async ({
  deps,
  body: code,
  caller,
}) => {
  const outcome = await deps.staffActions.printFilled(code, caller.uid, deps.now());
  if (!outcome.ok) throw new ApiError(outcome.status, outcome.message);
  // Loaded on first use, as the donor certificate: the embedded fonts are most of the bundle.
  const { filledCertificatePdf, UnprintableNameError } =
    await import('../../pdf/filled-certificate');
  try {
    const pdf = await filledCertificatePdf(outcome.certificate);
    return fileReply('application/pdf', pdf, `certificado-${code}.pdf`);
  } catch (error) {
    if (!(error instanceof UnprintableNameError)) throw error;
    throw new ApiError(400, MESSAGES.nameUnprintable(error.characters.join(' ')));
  }
};
