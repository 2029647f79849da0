/** `GET /api/payments/checkout/?session_id=` (docs/api.md): what the payment paid for, once paid. */
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient, CallAnswer } from '@/lib/api-client';

export type CheckoutOutcome = CallAnswer<typeof API_ROUTES.checkoutOutcome>;

export function checkoutOutcome(
  client: ApiClient,
  sessionId: string,
  token: string,
): Promise<CheckoutOutcome> {
  return client.call(API_ROUTES.checkoutOutcome, { query: { session_id: sessionId }, token });
}
