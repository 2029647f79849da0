/** The three payment routes (docs/api.md): `{ celdas: [{x, y}] }` in, `{ sessionId, url }` out. */
import { API_ROUTES, parsePlotCode } from '@parroquia/domain';
import type { ApiClient, CallAnswer } from '@/lib/api-client';

export type CheckoutAction = 'buy' | 'reserve' | 'complete';

const ROUTES = {
  buy: API_ROUTES.buyPlots,
  reserve: API_ROUTES.reservePlots,
  complete: API_ROUTES.completeReservations,
} as const;

export type CheckoutSession = CallAnswer<typeof API_ROUTES.buyPlots>;

export function startCheckout(
  client: ApiClient,
  action: CheckoutAction,
  plotCodes: readonly string[],
  token: string,
): Promise<CheckoutSession> {
  const celdas = [...plotCodes].sort().map(parsePlotCode);
  return client.call(ROUTES[action], { body: { celdas }, token });
}
