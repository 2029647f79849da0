/** The ledger for staff (docs/api.md): a page of it, and the same rows as a CSV file. */
import { type CertificateLanguage, type LedgerFilterQuery } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient } from '@/lib/api-client';

/** Only the filters that were filled in. */
function filled(filter: LedgerFilterQuery): LedgerFilterQuery {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value));
}

export function listDonations(
  client: ApiClient,
  filter: LedgerFilterQuery,
  cursor: string | null,
  token: string,
) {
  return client.call(API_ROUTES.listDonations, {
    query: { ...filled(filter), ...(cursor ? { cursor } : {}) },
    token,
  });
}

export function downloadDonationsCsv(client: ApiClient, filter: LedgerFilterQuery, token: string) {
  return client.call(API_ROUTES.donationsCsv, { query: filled(filter), token });
}

/** The month's close for the parish council: one PDF page in Spanish or Romanian. */
export function printMonthClose(
  client: ApiClient,
  month: string,
  lang: CertificateLanguage,
  token: string,
) {
  return client.call(API_ROUTES.monthClosePdf, { query: { month, lang }, token });
}
