/** The names donors ask prayers for, from the back office (docs/api.md). */
import { type CertificateLanguage } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient } from '@/lib/api-client';

export function printCommemorationList(
  client: ApiClient,
  lang: CertificateLanguage,
  token: string,
) {
  return client.call(API_ROUTES.printCommemorations, { body: { lang }, token });
}

export function downloadCommemorationsCsv(client: ApiClient, token: string) {
  return client.call(API_ROUTES.exportCommemorations, { token });
}

export function loadDonorCommemorations(client: ApiClient, id: string, token: string) {
  return client.call(API_ROUTES.donorCommemorations, { query: { id }, token });
}

/** Takes one name off a donor's list, with the reason (recorded as a staff action). */
export function removeDonorCommemoration(
  client: ApiClient,
  body: { id: string; name: string; state: 'living' | 'departed'; reason: string },
  token: string,
) {
  return client.call(API_ROUTES.removeCommemoration, { body, token });
}
