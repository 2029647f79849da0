/** Who is asking, for rate limits only: never a reason to trust a request more. */
import type { ApiRequest } from './http';

/**
 * Hosting forwards the visitor's address as the first entry of `X-Forwarded-For`; called
 * directly, the function sees the socket's peer. A client can put its own entries in front, so
 * limits keyed on this also keep a ceiling over all addresses (see `rate-limit.ts`).
 */
export function clientAddressOf(req: ApiRequest): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  if (first) return first.slice(0, 64);
  return req.socket?.remoteAddress ?? 'unknown';
}
