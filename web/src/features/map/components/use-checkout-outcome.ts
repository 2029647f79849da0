/**
 * The success page's payment: asked again every 2 seconds while Stripe's event has not arrived
 * (usually a moment), for at most a minute; a bank debit may stay pending for days.
 */
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/lib/api-client-context';
import { accountUid, queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { checkoutOutcome, type CheckoutOutcome } from '../api/checkout-outcome';

const RETRY_MS = 2_000;
const MAX_TRIES = 30;

export type OutcomeState =
  { status: 'loading' } | { status: 'ready'; outcome: CheckoutOutcome } | { status: 'unknown' };

export function useCheckoutOutcome(sessionId: string | null): OutcomeState {
  const client = useApiClient();
  const { session, getToken } = useSession();
  const asked = useQuery({
    queryKey: queryKeys.checkoutOutcome(accountUid(session), sessionId ?? ''),
    queryFn: async () => {
      try {
        return await checkoutOutcome(client, sessionId ?? '', await getToken());
      } catch (error) {
        console.error('payment outcome unavailable', error);
        throw error;
      }
    },
    enabled: sessionId !== null && sessionId !== '',
    // Settled (paid or not), failed, or asked for a minute: nothing more to ask.
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' &&
      query.state.status !== 'error' &&
      query.state.dataUpdateCount < MAX_TRIES
        ? RETRY_MS
        : false,
    // The donor may look at another tab while the bank answers.
    refetchIntervalInBackground: true,
  });

  if (!sessionId || asked.isError) return { status: 'unknown' };
  return asked.isSuccess ? { status: 'ready', outcome: asked.data } : { status: 'loading' };
}
