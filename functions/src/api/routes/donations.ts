/** The ledger as CSV, for the parish's accounts. */
import { ledgerCsv, validateLedgerRange } from '@parroquia/domain';
import { ApiError } from '../http';
import { staffRoute } from '../router';

export const donationsCsvRoute = staffRoute(
  'GET',
  '/api/staff/donations.csv',
  async ({ deps, query }) => {
    const range = validateLedgerRange(query.get('from'), query.get('to'));
    if (!range.ok) throw new ApiError(400, range.error);
    const entries = await deps.donations.listDonations(range.value);
    // The byte-order mark makes spreadsheet programs read the accents as UTF-8.
    const csv = `\uFEFF${ledgerCsv(entries)}`;
    return {
      status: 200,
      contentType: 'text/csv; charset=utf-8; header=present',
      body: Buffer.from(csv, 'utf8'),
      filename: 'donativos.csv',
    };
  },
);
