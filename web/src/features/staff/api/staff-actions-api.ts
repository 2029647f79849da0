/** The record of staff actions and the filled-in certificate (docs/api.md). */
import { type StaffActionsQuery } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient } from '@/lib/api-client';

export function listStaffActions(client: ApiClient, query: StaffActionsQuery, token: string) {
  return client.call(API_ROUTES.listStaffActions, { query, token });
}

export function printFilledCertificate(client: ApiClient, code: string, token: string) {
  return client.call(API_ROUTES.printFilledCertificate, { body: { code }, token });
}
