/** `POST /api/payments/cancel/` (docs/api.md): the checkout the donor cancelled gives its plots back. */
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient, CallAnswer } from '@/lib/api-client';

export type CancelledCheckout = CallAnswer<typeof API_ROUTES.cancelCheckout>;

export function cancelCheckout(
  client: ApiClient,
  checkout: string,
  token: string,
): Promise<CancelledCheckout> {
  return client.call(API_ROUTES.cancelCheckout, { body: { checkout }, token });
}
