/**
 * The donor's side of payment links (docs/product.md, "A relative pays"): `POST /api/payment-links/`
 * makes one, for the rest of the donor's reservations (`complete`, My account) or for free plots
 * picked on the map (`buy`); `POST /api/payment-links/cancel/` cancels every open one of theirs.
 */
import { parsePlotCode, type PaymentLinkKind } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient, CallAnswer } from '@/lib/api-client';
import { useApiMutation, type ApiWriteCallbacks } from '@/lib/api-mutation';

export type MadePaymentLink = CallAnswer<typeof API_ROUTES.createPaymentLink>;

/** What a link is asked for: its kind and its plots (codes such as `K3`). */
export interface PaymentLinkRequest {
  kind: PaymentLinkKind;
  plots: readonly string[];
}

export function createPaymentLink(
  client: ApiClient,
  { kind, plots }: PaymentLinkRequest,
  token: string,
): Promise<MadePaymentLink> {
  return client.call(API_ROUTES.createPaymentLink, {
    body: { celdas: [...plots].sort().map(parsePlotCode), tipo: kind },
    token,
  });
}

/** `POST /api/payment-links/cancel/`: every open link of the donor's, cancelled. */
export function cancelPaymentLinks(client: ApiClient, token: string) {
  return client.call(API_ROUTES.cancelPaymentLinks, { token });
}

/** Makes the link (nothing cached changes: a link holds nothing and is listed nowhere). */
export function useCreatePaymentLink() {
  return useApiMutation({
    call: (client, request: PaymentLinkRequest, token) => createPaymentLink(client, request, token),
  });
}

export function useCancelPaymentLinks(
  callbacks: ApiWriteCallbacks<void, { cancelled: number }> = {},
) {
  return useApiMutation(
    { call: (client, _: void, token) => cancelPaymentLinks(client, token) },
    callbacks,
  );
}
