/**
 * The ledger for staff: a page of it to read, the CSV for the parish's accounts, or a month's
 * close for the parish council.
 */
import { ledgerCsv, monthClose, monthDays, type ApiRoutes } from '@parroquia/domain';
import { fileReply, jsonReply } from '../http';
import type { Handler } from '../router';

export const donationsCsv: Handler<ApiRoutes['donationsCsv']> = async ({
  deps,
  params,
  query,
  caller,
}) => {
  const entries = await deps.donations.listDonations(params);
  const staff = await deps.staffActions.staffNames(
    entries.flatMap((entry) => (entry.recorded_by ? [entry.recorded_by] : [])),
  );
  // On the record (staff_actions): the filters as sent, and how many rows left.
  await deps.staffActions.recordExport(
    Object.fromEntries(query),
    entries.length,
    caller.uid,
    deps.now(),
  );
  // The byte-order mark makes spreadsheet programs read the accents as UTF-8.
  const csv = `\uFEFF${ledgerCsv(entries, staff)}`;
  return fileReply(
    'text/csv; charset=utf-8; header=present',
    Buffer.from(csv, 'utf8'),
    'donativos.csv',
  );
};

export const listDonations: Handler<ApiRoutes['listDonations']> = async ({ deps, params }) =>
  jsonReply(await deps.donations.pageDonations(params));

export const monthClosePdf: Handler<ApiRoutes['monthClosePdf']> = async ({ deps, params }) => {
  const now = deps.now();
  const [rows, reservations, refundsOwed] = await Promise.all([
    deps.donations.rowsOfMonth(params.month),
    deps.backOffice.listReservations(now),
    deps.payments.store.listRefundsDue(),
  ]);
  const close = monthClose({
    month: params.month,
    rows,
    reservations: reservations.map((reservation) => ({
      plots: reservation.plots,
      reservedUntil: Date.parse(reservation.reserved_until),
    })),
    refundsOwed,
  });
  const { from, to } = monthDays(params.month);
  const { renderMonthClose } = await import('../../pdf/month-close');
  const pdf = await renderMonthClose({
    close,
    language: params.lang,
    printedAt: now,
    exportFile: `donativos.csv (${from} – ${to})`,
  });
  return fileReply('application/pdf', Buffer.from(pdf), `cierre-${params.month}.pdf`);
};
