/**
 * robots.txt and sitemap.xml, written into the build by a Vite plugin: both must name the site's
 * address in full, and that address is build configuration (`site-url.ts`), not source.
 */
import type { Plugin } from 'vite';
import { paths } from '../src/config/paths.ts';
import { siteUrlFor } from './site-url.ts';

/** The pages worth a search result: the home page and the legal pages, open to anyone. */
export const SITEMAP_PATHS: readonly string[] = [
  paths.home.getHref(),
  paths.legalNotice.getHref(),
  paths.privacyPolicy.getHref(),
  paths.cookiePolicy.getHref(),
];

/**
 * Every page may be crawled (the private ones are kept out of indexes by Hosting's
 * `X-Robots-Tag: noindex`, which a crawler only sees on a page it may fetch); the API is data,
 * except a shared plot's preview picture: the apps' link-preview crawlers (Twitter's, Facebook's)
 * fetch only what robots.txt allows, and the longer `Allow` wins over `Disallow: /api/`.
 */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /api/certificates/share-image/',
    'Disallow: /api/',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(siteUrl: string): string {
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${siteUrl}${path}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function crawlerFiles(): Plugin {
  let siteUrl = '';
  return {
    name: 'parroquia:crawler-files',
    apply: 'build',
    configResolved(config) {
      siteUrl = siteUrlFor(config.env);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(siteUrl) });
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: sitemapXml(siteUrl) });
    },
  };
}
