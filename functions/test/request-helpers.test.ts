import type { IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { clientAddressOf, trustedProxyHops } from '../src/api/client-address';
import { acceptsGzip, encodeBody, GZIP_FROM_BYTES } from '../src/api/compression';
import type { ApiRequest } from '../src/api/http';
import { siteOrigin, verifyPageUrl } from '../src/api/site-url';

const request = (headers: IncomingHttpHeaders, remoteAddress = '10.0.0.9') =>
  ({ headers, socket: { remoteAddress } }) as unknown as ApiRequest;

describe('siteOrigin (the address printed in certificate QR codes)', () => {
  it('prefers the configured SITE_URL', () => {
    expect(siteOrigin({ 'x-forwarded-host': 'evil.test' }, 'https://donativos.example.org/')).toBe(
      'https://donativos.example.org',
    );
  });

  it("takes the visitor's host from Hosting, http only for local hosts", () => {
    expect(siteOrigin({ 'x-forwarded-host': 'parroquia.web.app', host: 'fn' }, '')).toBe(
      'https://parroquia.web.app',
    );
    expect(siteOrigin({ host: 'localhost:5000' }, '')).toBe('http://localhost:5000');
    expect(siteOrigin({ 'x-forwarded-host': '127.0.0.1:5100' }, '')).toBe('http://127.0.0.1:5100');
  });

  it('never builds an address from a host with odd characters', () => {
    expect(siteOrigin({ host: 'a.test/"><script>' }, '')).toBe('http://localhost:5000');
    expect(verifyPageUrl('https://x.test', 'ANA7K3QZ')).toBe('https://x.test/verificar/ANA7K3QZ');
  });
});

describe('clientAddressOf (rate-limit keys)', () => {
  it('takes the entry the platform appended, the right-most, never one the client wrote', () => {
    expect(clientAddressOf(request({ 'x-forwarded-for': '1.2.3.4, 203.0.113.5' }), 1)).toBe(
      '203.0.113.5',
    );
    expect(clientAddressOf(request({ 'x-forwarded-for': ['9.9.9.9', '203.0.113.5'] }), 1)).toBe(
      '203.0.113.5',
    );
    expect(clientAddressOf(request({ 'x-forwarded-for': '203.0.113.5 ,' }), 1)).toBe('203.0.113.5');
  });

  it('counts trusted hops from the right when more than one proxy appends', () => {
    const header = { 'x-forwarded-for': 'spoofed, 203.0.113.5, 35.191.0.1' };
    expect(clientAddressOf(request(header), 2)).toBe('203.0.113.5');
    // Fewer entries than hops: no proxy wrote the header, the socket peer is all there is.
    expect(clientAddressOf(request({ 'x-forwarded-for': '203.0.113.5' }), 2)).toBe('10.0.0.9');
  });

  it('falls back to the socket peer and bounds what it keeps', () => {
    expect(clientAddressOf(request({}), 1)).toBe('10.0.0.9');
    expect(clientAddressOf(request({ 'x-forwarded-for': 'x'.repeat(500) }), 1)).toHaveLength(64);
  });

  it('reads TRUSTED_PROXY_HOPS, 1 unless it is a whole number from 1 up', () => {
    expect(trustedProxyHops(undefined)).toBe(1);
    expect(trustedProxyHops('2')).toBe(2);
    expect(trustedProxyHops('0')).toBe(1);
    expect(trustedProxyHops('many')).toBe(1);
  });
});

describe('acceptsGzip and encodeBody (the larger JSON answers)', () => {
  it('reads Accept-Encoding as browsers and caches write it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(['deflate', 'gzip'])).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.000')).toBe(false);
    expect(acceptsGzip('br, identity')).toBe(false);
    expect(acceptsGzip('x-gzip-not')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
  });

  it('gzips a body from GZIP_FROM_BYTES on, only when accepted, and the bytes come back whole', () => {
    const big = JSON.stringify({ cells: Array.from({ length: 100 }, (_, i) => ({ id: `A${i}` })) });
    expect(Buffer.byteLength(big)).toBeGreaterThan(GZIP_FROM_BYTES);
    const sent = encodeBody(big, true);
    expect(sent.encoding).toBe('gzip');
    expect(sent.bytes.length).toBeLessThan(big.length / 4);
    expect(gunzipSync(sent.bytes).toString()).toBe(big);
    expect(encodeBody(big, false)).toEqual({ bytes: Buffer.from(big) });
    const small = 'x'.repeat(GZIP_FROM_BYTES - 1);
    expect(encodeBody(small, true)).toEqual({ bytes: Buffer.from(small) });
  });
});
