/**
 * What Hosting answers around the app (issue 21): caching by kind of file, the security headers
 * of firebase.json on every answer, and robots.txt and sitemap.xml served as the files the build
 * wrote, not as the SPA's index.html. Through the Hosting emulator of the test stack, which
 * applies firebase.json's `headers` as production does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '@parroquia/testkit/local-stack';
import { describe, expect, inject, it } from 'vitest';

const siteUrl = inject('siteUrl');
const ports = inject('stackPorts');

const IMMUTABLE = 'public, max-age=31536000, immutable';

interface HeaderRule {
  headers: Array<{ key: string; value: string }>;
}

/** firebase.json's own policy, production's: directive -> sources. */
function productionCsp(): Map<string, string[]> {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: { headers: HeaderRule[] };
  };
  const value = config.hosting.headers
    .flatMap((rule) => rule.headers)
    .find((header) => header.key === 'Content-Security-Policy')!.value;
  return parseCsp(value);
}

function parseCsp(value: string): Map<string, string[]> {
  return new Map(
    value
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const get = (path: string) => fetch(`${siteUrl}${path}`, { redirect: 'manual' });

/** The headers every answer carries, whatever serves it. */
function expectSecurityHeaders(response: Response) {
  const csp = parseCsp(response.headers.get('content-security-policy') ?? '');
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy')).toMatch(/(^|, )camera=\(\)/);
  expect(response.headers.get('permissions-policy')).toMatch(/(^|, )geolocation=\(\)/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
}

describe('Hosting headers', () => {
  it("/ is index.html, revalidated on every visit, under production's CSP plus this stack's emulators", async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-robots-tag')).toBeNull();
    expectSecurityHeaders(response);

    const served = parseCsp(response.headers.get('content-security-policy')!);
    const production = productionCsp();
    const auth = `http://127.0.0.1:${ports.auth}`;
    const firestore = `http://127.0.0.1:${ports.firestore}`;
    expect(served.get('connect-src')).toEqual([...production.get('connect-src')!, auth, firestore]);
    expect(served.get('frame-src')).toEqual([...production.get('frame-src')!, auth]);
    for (const [name, sources] of production) {
      if (name !== 'connect-src' && name !== 'frame-src') expect(served.get(name)).toEqual(sources);
    }
  });

  it('a deep SPA route is the same index.html; the private ones ask search engines not to index them', async () => {
    const index = await (await get('/')).text();
    for (const path of ['/aviso-legal', '/donativos', '/verificar/ABCD2345', '/set/certificate']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(index);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expectSecurityHeaders(response);
    }
    expect((await get('/aviso-legal')).headers.get('x-robots-tag')).toBeNull();
    // The map's page has the browser ask for the plots' snapshot with the page itself, before
    // its code runs (docs/architecture.md, "The map does not wait in line"); no other page does.
    expect((await get('/donativos')).headers.get('link')).toBe(
      '</api/cells/snapshot/>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    for (const path of ['/', '/aviso-legal', '/mi-cuenta']) {
      expect((await get(path)).headers.get('link'), path).toBeNull();
    }
    for (const path of [
      '/verificar/ABCD2345',
      '/set/certificate',
      '/login',
      '/success',
      '/mi-cuenta',
      `/pagar/${'T'.repeat(43)}`,
    ]) {
      expect((await get(path)).headers.get('x-robots-tag'), path).toBe('noindex');
    }
  });

  it('a hashed asset is cached for a year and never revalidated', async () => {
    const index = await (await get('/')).text();
    const script = /<script type="module" crossorigin src="(\/assets\/[\w-]+\.js)">/.exec(
      index,
    )?.[1];
    const style = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w-]+\.css)">/.exec(
      index,
    )?.[1];
    expect(script).toBeDefined();
    expect(style).toBeDefined();
    for (const [path, type] of [
      [script!, /^(text|application)\/javascript/],
      [style!, /^text\/css/],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(type);
      expect(response.headers.get('cache-control'), path).toBe(IMMUTABLE);
      expectSecurityHeaders(response);
    }
  });

  it('robots.txt is the real file: the API kept out, the sitemap named in full', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(response);
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });

  it("sitemap.xml is the real file, listing the public pages at this site's address", async () => {
    const response = await get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    expectSecurityHeaders(response);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc);
    expect(locations).toEqual(
      ['/', '/aviso-legal', '/politica-privacidad', '/politica-cookies'].map(
        (path) => `${siteUrl}${path}`,
      ),
    );
  });

  it("an API answer keeps the API's no-store (not the pages' no-cache) and the security headers", async () => {
    const response = await get('/api/cells/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expectSecurityHeaders(response);
  });
});
