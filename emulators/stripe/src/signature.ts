/**
 * Webhook signatures as Stripe computes them: `Stripe-Signature: t=<unix seconds>,v1=<hex>`,
 * where v1 is HMAC-SHA256 of `<t>.<raw payload>` keyed by the endpoint's signing secret.
 */
import { createHmac } from 'node:crypto';

export function stripeSignatureHeader(
  payload: string,
  secret: string,
  timestampSeconds: number,
): string {
  const v1 = createHmac('sha256', secret)
    .update(`${timestampSeconds}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}
