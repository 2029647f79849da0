import { randomBytes } from 'node:crypto';

/** Stripe-looking ids: a prefix and random letters and digits (`cs_test_a1B2...`). */
export function stripeId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}
