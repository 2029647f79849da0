// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml, SITEMAP_PATHS } from './crawler-files';
import { siteUrlFor } from './site-url';

const production = {
  VITE_SITE_URL: 'https://donativos.example.org',
  VITE_FIREBASE_AUTH_DOMAIN: 'donativos.example.org',
};

describe('the site address of a build', () => {
  it('is the configured origin, without a trailing slash', () => {
    expect(siteUrlFor({ ...production, VITE_SITE_URL: 'https://donativos.example.org/' })).toBe(
      'https://donativos.example.org',
    );
  });

  it("is npm start's address for an emulator build that does not say", () => {
    expect(siteUrlFor({ VITE_USE_EMULATORS: 'true' })).toBe('http://localhost:5000');
  });

  it('must be given for production', () => {
    expect(() => siteUrlFor({})).toThrow(/VITE_SITE_URL is not set/);
  });

  it('must be an origin, not a page or a relative path', () => {
    for (const bad of ['donativos.example.org', 'https://example.org/es', 'ftp://example.org']) {
      expect(() => siteUrlFor({ ...production, VITE_SITE_URL: bad })).toThrow(/must be an origin/);
    }
  });

  it("refuses a production auth domain other than the site's (the CSP frames only the site)", () => {
    expect(() =>
      siteUrlFor({ ...production, VITE_FIREBASE_AUTH_DOMAIN: 'parroquia.firebaseapp.com' }),
    ).toThrow(/VITE_FIREBASE_AUTH_DOMAIN must be the site's own host, donativos.example.org/);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it("robots.txt keeps crawlers off the API but a shared plot's picture, and points at the sitemap", () => {
    expect(robotsTxt('https://s.example').split('\n')).toEqual([
      'User-agent: *',
      'Allow: /api/certificates/share-image/',
      'Disallow: /api/',
      '',
      'Sitemap: https://s.example/sitemap.xml',
      '',
    ]);
  });

  it('the sitemap lists the home page and the three legal pages in full', () => {
    expect(SITEMAP_PATHS).toEqual([
      '/',
      '/aviso-legal',
      '/politica-privacidad',
      '/politica-cookies',
    ]);
    const xml = new DOMParser().parseFromString(sitemapXml('https://s.example'), 'application/xml');
    expect(xml.querySelector('parsererror')).toBeNull();
    expect(xml.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect([...xml.querySelectorAll('loc')].map((loc) => loc.textContent)).toEqual([
      'https://s.example/',
      'https://s.example/aviso-legal',
      'https://s.example/politica-privacidad',
      'https://s.example/politica-cookies',
    ]);
  });
});
