/** The public site's address, for links printed on certificates (the QR code's check page). */
import type { IncomingHttpHeaders } from 'node:http';

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * `SITE_URL` when configured; otherwise the host the visitor used, which Hosting forwards as
 * `X-Forwarded-Host` (the certificate's owner is the only one who could bend it).
 */
export function siteOrigin(
  headers: IncomingHttpHeaders,
  configured = process.env.SITE_URL,
): string {
  if (configured) return configured.replace(/\/+$/, '');
  const forwarded = headers['x-forwarded-host'];
  const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? headers.host ?? '';
  const hostname = host.split(',')[0]!.trim();
  if (!/^[A-Za-z0-9.\-[\]:]+$/.test(hostname)) return 'http://localhost:5000';
  return `${LOCAL_HOST.test(hostname) ? 'http' : 'https'}://${hostname}`;
}

export function verifyPageUrl(origin: string, personalCode: string): string {
  return `${origin}/verificar/${encodeURIComponent(personalCode)}`;
}
