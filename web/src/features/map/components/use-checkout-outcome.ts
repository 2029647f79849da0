/**
 * The success page's payment: asked again every 2 seconds while Stripe's event has not arrived
 * (usually a moment), for at most a minute; a bank debit may stay pending for days.
 */
import { useEffect, useState } from 'react';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/session';
import { checkoutOutcome, type CheckoutOutcome } from '../api/checkout-outcome';

const RETRY_MS = 2_000;
const MAX_TRIES = 30;

export type OutcomeState =
  { status: 'loading' } | { status: 'ready'; outcome: CheckoutOutcome } | { status: 'unknown' };

export function useCheckoutOutcome(sessionId: string | null): OutcomeState {
  const client = useApiClient();
  const { getToken } = useSession();
  const [state, setState] = useState<OutcomeState>({ status: 'loading' });

  useEffect(() => {
    if (!sessionId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (tries: number) => {
      try {
        const outcome = await checkoutOutcome(client, sessionId, await getToken());
        if (stopped) return;
        setState({ status: 'ready', outcome });
        if (outcome.status === 'pending' && tries < MAX_TRIES) {
          // ask() catches its own failure.
          timer = setTimeout(() => void ask(tries + 1), RETRY_MS);
        }
      } catch (error) {
        console.error('payment outcome unavailable', error);
        if (!stopped) setState({ status: 'unknown' });
      }
    };
    // ask() catches its own failure and says the outcome is unknown.
    void ask(1);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, getToken, sessionId]);

  return sessionId ? state : { status: 'unknown' };
}
