/** `POST /api/payment-links/`: the donor asks someone else to pay the rest of their reservations. */
import { parsePlotCode } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient, CallAnswer } from '@/lib/api-client';
import { useApiMutation, type ApiWriteCallbacks } from '@/lib/api-mutation';

export type MadePaymentLink = CallAnswer<typeof API_ROUTES.createPaymentLink>;

export function createRestPaymentLink(
  client: ApiClient,
  plots: readonly string[],
  token: string,
): Promise<MadePaymentLink> {
  return client.call(API_ROUTES.createPaymentLink, {
    body: { celdas: [...plots].sort().map(parsePlotCode), tipo: 'complete' },
    token,
  });
}

/** `POST /api/payment-links/cancel/`: every open link of the donor's, cancelled. */
export function cancelPaymentLinks(client: ApiClient, token: string) {
  return client.call(API_ROUTES.cancelPaymentLinks, { token });
}

/** Makes the link (nothing cached changes: a link holds nothing and is listed nowhere). */
export function useCreateRestPaymentLink() {
  return useApiMutation({
    call: (client, plots: readonly string[], token) => createRestPaymentLink(client, plots, token),
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
