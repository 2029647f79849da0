/**
 * The payment's start (docs/api.md: buy, reserve, complete) as a mutation
 * (docs/architecture.md, writes): it owns the token and the client. Nothing cached changes: the
 * plots held show through the map's live listener, and the page leaves for Stripe's.
 */
import type { Language } from '@parroquia/domain';
import { useApiMutation } from '@/lib/api-mutation';
import type { CheckoutAction } from './start-checkout';

/**
 * The payment routes' code (their schemas and texts): downloaded with the first pick, not with
 * the map, so that a visitor who only looks never downloads it.
 */
export const loadCheckout = () => import('./start-checkout');

export interface CheckoutRequest {
  action: CheckoutAction;
  plots: readonly string[];
  /** The interface language, which Stripe's page is shown in. */
  language: Language;
}

export function useStartCheckout() {
  return useApiMutation({
    call: async (client, { action, plots, language }: CheckoutRequest, token) => {
      const { startCheckout } = await loadCheckout();
      return startCheckout(client, action, plots, language, token);
    },
  });
}
