/**
 * Gzip for the API's larger JSON answers, when the caller accepts it: the map's snapshot of 936
 * plots is 108 KB of JSON and 5 KB gzipped. Done here rather than left to Hosting's CDN, so that
 * the answer is small whatever sits in front of the function (the Hosting emulator sends a
 * function's answer as it came) and Hosting caches the small one.
 */
import { gzipSync } from 'node:zlib';

/** Smaller answers go as they are: gzip would save a few bytes for its cost. */
export const GZIP_FROM_BYTES = 1024;

/** True when `Accept-Encoding` lists gzip (or `*`) without refusing it with `q=0`. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((entry) => {
    const [coding, ...parameters] = entry.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const quality = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !quality || Number(quality.slice(2)) > 0;
  });
}

/** The body to send and its encoding: gzipped when accepted and worth it. */
export function encodeBody(body: string, gzip: boolean): { bytes: Buffer; encoding?: 'gzip' } {
  const bytes = Buffer.from(body);
  if (!gzip || bytes.length < GZIP_FROM_BYTES) return { bytes };
  return { bytes: gzipSync(bytes), encoding: 'gzip' };
}
