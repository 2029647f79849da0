/**
 * "My donations" (issue 30; docs/api.md): the signed-in donor's own ledger rows, balances due,
 * a gift's receipt and a year's statement. Every answer is built from `rowsOfDonor(caller.uid)`
 * only: another donor's row is not found, whatever id is asked for.
 */
import {
  MESSAGES,
  balancesDue,
  donationHistoryLines,
  donationReceipt,
  donationStatement,
  receiptFileName,
  statementFileName,
  statementYears,
  type ApiRoutes,
  type DonationHistoryLine,
  type DonationLineJson,
} from '@parroquia/domain';
import { parishDetailsFromEnvironment } from '../../parish-details';
import { ApiError, fileReply, jsonReply } from '../http';
import type { Handler } from '../router';

const isoOf = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString());

const lineJson = (line: DonationHistoryLine): DonationLineJson => ({
  ...line,
  created_at: new Date(line.created_at).toISOString(),
});

export const donationHistory: Handler<ApiRoutes['donationHistory']> = async ({ deps, caller }) => {
  const now = deps.now();
  const [rows, cells] = await Promise.all([
    deps.donations.rowsOfDonor(caller.uid),
    deps.donors.cellsOf(caller.uid),
  ]);
  const due = balancesDue(cells, caller.uid, now);
  return jsonReply({
    donations: donationHistoryLines(rows).map(lineJson),
    balances_due: due.map((plot) => ({ ...plot, reserved_until: isoOf(plot.reserved_until) })),
    balance_due_cents: due.reduce((sum, plot) => sum + plot.balance_cents, 0),
    statement_years: statementYears(rows),
  });
};

/** Loaded on first use, as the certificate's: fonts and PDF code are most of the bundle. */
async function printed(render: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const { UnprintableTextError } = await import('../../pdf/donor-certificate');
  try {
    return await render();
  } catch (error) {
    if (!(error instanceof UnprintableTextError)) throw error;
    throw new ApiError(400, MESSAGES.nameUnprintable(error.characters.join(' ')));
  }
}

export const donationReceiptPdf: Handler<ApiRoutes['donationReceipt']> = async ({
  deps,
  caller,
  params,
  profile,
  language,
}) => {
  const receipt = donationReceipt(await deps.donations.rowsOfDonor(caller.uid), params.id);
  if (!receipt) throw new ApiError(404, MESSAGES.ownDonationUnknown);
  const { renderDonationReceipt } = await import('../../pdf/donation-documents');
  const pdf = await printed(() =>
    renderDonationReceipt({
      ...receipt,
      language: params.lang,
      parish: parishDetailsFromEnvironment(),
      donorName: profile.name,
      personalCode: profile.personal_code,
      issuedAt: deps.now(),
    }),
  );
  return fileReply('application/pdf', pdf, receiptFileName(language, receipt.gift.id));
};

export const donationStatementPdf: Handler<ApiRoutes['donationStatement']> = async ({
  deps,
  caller,
  params,
  profile,
  language,
}) => {
  const rows = await deps.donations.rowsOfDonor(caller.uid);
  // Nothing to print: a year with no row of the donor's (an account that never gave has none).
  if (!statementYears(rows).includes(params.year)) {
    throw new ApiError(404, MESSAGES.statementYearEmpty(params.year));
  }
  const statement = donationStatement(rows, params.year);
  const { renderDonationStatement } = await import('../../pdf/donation-documents');
  const pdf = await printed(() =>
    renderDonationStatement({
      ...statement,
      language: params.lang,
      parish: parishDetailsFromEnvironment(),
      donorName: profile.name,
      personalCode: profile.personal_code,
      issuedAt: deps.now(),
    }),
  );
  return fileReply('application/pdf', pdf, statementFileName(language, params.year));
};
