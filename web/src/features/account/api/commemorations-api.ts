/** The donor's names to be remembered (docs/api.md): read the list, replace it whole. */
import { type CommemorationsBody } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient } from '@/lib/api-client';

export function loadCommemorations(client: ApiClient, token: string) {
  return client.call(API_ROUTES.getCommemorations, { token });
}

export function saveCommemorations(client: ApiClient, body: CommemorationsBody, token: string) {
  return client.call(API_ROUTES.saveCommemorations, { body, token });
}
