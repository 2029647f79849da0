/** The back office's money calls (docs/api.md): reservations and corrections. */
import { type OfflinePaymentMethod, type ReservationChangeBody } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient } from '@/lib/api-client';

export function listReservations(client: ApiClient, token: string) {
  return client.call(API_ROUTES.listReservations, { token });
}

export function completeAtParish(
  client: ApiClient,
  parcelas: string[],
  method: OfflinePaymentMethod,
  token: string,
) {
  return client.call(API_ROUTES.completeReservationsAtParish, {
    body: { parcelas, method },
    token,
  });
}

export function extendReservation(client: ApiClient, body: ReservationChangeBody, token: string) {
  return client.call(API_ROUTES.extendReservations, { body, token });
}

export function releaseReservation(client: ApiClient, body: ReservationChangeBody, token: string) {
  return client.call(API_ROUTES.releaseReservations, { body, token });
}
