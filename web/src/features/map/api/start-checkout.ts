/**
 * The three payment routes (docs/api.md): `{ celdas: [{x, y}], idioma }` in, `{ sessionId, url }`
 * out. `idioma` is the interface language (`currentLanguage()`), which Stripe's page is shown in.
 */
import { parsePlotCode, type CheckoutKind, type Language } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient, CallAnswer } from '@/lib/api-client';

/** The domain's kinds of checkout, each its own route. */
export type CheckoutAction = CheckoutKind;

const ROUTES: Record<CheckoutAction, typeof API_ROUTES.buyPlots> = {
  buy: API_ROUTES.buyPlots,
  reserve: API_ROUTES.reservePlots,
  complete: API_ROUTES.completeReservations,
} as const;

export type CheckoutSession = CallAnswer<typeof API_ROUTES.buyPlots>;

export function startCheckout(
  client: ApiClient,
  action: CheckoutAction,
  plotCodes: readonly string[],
  language: Language,
  token: string,
): Promise<CheckoutSession> {
  const celdas = [...plotCodes].sort().map(parsePlotCode);
  return client.call(ROUTES[action], { body: { celdas, idioma: language }, token });
}
