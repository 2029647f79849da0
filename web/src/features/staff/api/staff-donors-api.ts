/** The donors' pages of the back office (docs/api.md): search, a donor's page, void, refund. */
import { type RefundBody, type VoidBody } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient } from '@/lib/api-client';

export function searchDonors(client: ApiClient, q: string, token: string) {
  return client.call(API_ROUTES.searchDonors, { query: { q }, token });
}

export function loadDonorPage(client: ApiClient, id: string, token: string) {
  return client.call(API_ROUTES.donorPage, { query: { id }, token });
}

export function voidRegistration(client: ApiClient, body: VoidBody, token: string) {
  return client.call(API_ROUTES.voidDonation, { body, token });
}

export function refundCardGift(client: ApiClient, body: RefundBody, token: string) {
  return client.call(API_ROUTES.refundDonation, { body, token });
}
