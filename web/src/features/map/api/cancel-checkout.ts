/** `POST /api/payments/cancel/` (docs/api.md): the checkout the donor cancelled gives its plots back. */
import type { CancelCheckoutBody } from '@parroquia/domain';
import * as z from 'zod/mini';
import type { ApiClient } from '@/lib/api-client';

const CancelledSchema = z.object({
  status: z.literal('released'),
  kind: z.enum(['buy', 'reserve', 'complete']),
  plots: z.array(z.string()),
});
export type CancelledCheckout = z.output<typeof CancelledSchema>;

export function cancelCheckout(
  client: ApiClient,
  checkout: string,
  token: string,
): Promise<CancelledCheckout> {
  const body: CancelCheckoutBody = { checkout };
  return client.post('/api/payments/cancel/', body, CancelledSchema, { token });
}
