/** The donor's gifts and their documents (docs/api.md, "My donations"). */
import { type Language } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient } from '@/lib/api-client';

export function loadDonationHistory(client: ApiClient, token: string) {
  return client.call(API_ROUTES.donationHistory, { token });
}

export function downloadReceipt(client: ApiClient, id: string, lang: Language, token: string) {
  return client.call(API_ROUTES.donationReceipt, { query: { id, lang }, token });
}

export function downloadStatement(client: ApiClient, year: number, lang: Language, token: string) {
  return client.call(API_ROUTES.donationStatement, {
    query: { year: String(year), lang },
    token,
  });
}
