import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '../src/api/client-address';
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
  it('takes the first X-Forwarded-For entry, else the socket peer', () => {
    expect(clientAddressOf(request({ 'x-forwarded-for': '203.0.113.5, 10.1.1.1' }))).toBe(
      '203.0.113.5',
    );
    expect(clientAddressOf(request({}))).toBe('10.0.0.9');
    expect(clientAddressOf(request({ 'x-forwarded-for': 'x'.repeat(500) }))).toHaveLength(64);
  });
});
