/** Who is asking, for rate limits only: never a reason to trust a request more. */
import type { ApiRequest } from './http';

/**
 * How many `X-Forwarded-For` entries, counted from the right, the platform wrote: the client's
 * address is the last of them. Every proxy appends the address it received the request from, so
 * entries further left are whatever the client sent, and a client can send anything.
 *
 * 1 in production: the request reaches the function through Google's front end, which appends
 * the address of whoever connected to it (Hosting's rewrite keeps the visitor's address there,
 * and a request sent straight to the function's own URL gets its sender's). docs/api.md says how
 * to check it after a deploy and when to set `TRUSTED_PROXY_HOPS` in `functions/.env`.
 *
 * Locally nothing appends: the Hosting emulator forwards the header as it came and the
 * Functions emulator hands the request to its runtime over a Unix socket, so the right-most
 * entry is the caller's own (the stack suites write it, playing Google's front end). The local
 * stack is not exposed to the internet; this only matters there for tests.
 */
export function trustedProxyHops(configured = process.env.TRUSTED_PROXY_HOPS): number {
  const hops = Number(configured);
  return Number.isInteger(hops) && hops >= 1 ? hops : 1;
}

const MAX_ADDRESS_LENGTH = 64;

export function clientAddressOf(req: ApiRequest, hops = trustedProxyHops()): string {
  const header = req.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  // Fewer entries than trusted hops: the platform did not write the header (a direct call).
  const address = entries.length >= hops ? entries[entries.length - hops] : undefined;
  if (address) return address.slice(0, MAX_ADDRESS_LENGTH);
  return req.socket?.remoteAddress ?? 'unknown';
}
