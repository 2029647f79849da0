/**
 * The payer's side of a payment link (docs/api.md): what it pays, and the Checkout that pays it.
 * Public: the token in the address is the only credential.
 */
import type { Language } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient, CallAnswer } from '@/lib/api-client';

export type PaymentLinkView = CallAnswer<typeof API_ROUTES.viewPaymentLink>;

export function viewPaymentLink(client: ApiClient, token: string): Promise<PaymentLinkView> {
  return client.call(API_ROUTES.viewPaymentLink, { query: { token } });
}

export function payPaymentLink(
  client: ApiClient,
  token: string,
  plots: readonly string[],
  language: Language,
) {
  return client.call(API_ROUTES.payPaymentLink, {
    body: { token, celdas: [...plots], idioma: language },
  });
}
