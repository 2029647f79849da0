/** `POST /api/payments/cancel/` (docs/api.md): the checkout the donor cancelled gives its plots back. */
import * as API_ROUTES from '@parroquia/domain/api-routes';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient, CallAnswer } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/session';
import { rememberSelectionToRestore } from '../restored-selection';

export type CancelledCheckout = CallAnswer<typeof API_ROUTES.cancelCheckout>;

export function cancelCheckout(
  client: ApiClient,
  checkout: string,
  token: string,
): Promise<CancelledCheckout> {
  return client.call(API_ROUTES.cancelCheckout, { body: { checkout }, token });
}

/**
 * The cancel as a mutation (docs/architecture.md, writes): it owns the token and the client.
 * Nothing cached changes: the plots come back through the map's live listener. The plots it
 * gave back are remembered for "back to the map" even if the page has been left meanwhile.
 */
export function useCancelCheckout() {
  const client = useApiClient();
  const { getToken } = useSession();
  return useMutation({
    mutationFn: async (checkout: string) => cancelCheckout(client, checkout, await getToken()),
    onSuccess: (cancelled) =>
      rememberSelectionToRestore(
        cancelled.kind === 'complete' ? 'completion' : 'purchase',
        cancelled.plots,
      ),
  });
}
