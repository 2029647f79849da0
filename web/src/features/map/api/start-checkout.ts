/** The three payment routes (docs/api.md): `{ celdas: [{x, y}] }` in, `{ sessionId, url }` out. */
import { parsePlotCode, type PlotPosition } from '@parroquia/domain';
import * as z from 'zod/mini';
import type { ApiClient } from '@/lib/api-client';

export type CheckoutAction = 'buy' | 'reserve' | 'complete';

const PATHS: Record<CheckoutAction, string> = {
  buy: '/api/payments/stripe-multiple/',
  reserve: '/api/payments/stripe-reservation-multiple/',
  complete: '/api/payments/stripe-complete-reservation-multiple/',
};

const CheckoutSessionSchema = z.object({ sessionId: z.string(), url: z.string() });
export type CheckoutSession = z.output<typeof CheckoutSessionSchema>;

export function startCheckout(
  client: ApiClient,
  action: CheckoutAction,
  plotCodes: readonly string[],
  token: string,
): Promise<CheckoutSession> {
  const celdas: PlotPosition[] = [...plotCodes].sort().map(parsePlotCode);
  return client.post(PATHS[action], { celdas }, CheckoutSessionSchema, { token });
}
