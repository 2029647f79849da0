/**
 * `/verificar/<code>` as served to everyone (Hosting rewrites it to the `verifyPage` function,
 * docs/architecture.md): the SPA's own index.html, with the link-preview tags of the
 * certificate added when its code shows plots. People get the same page as any other route (the
 * SPA then asks the API itself); crawlers, which run no JavaScript, get the title, the
 * description and the picture. An unknown code, a limited caller or a failure gets index.html
 * unchanged, exactly what any other path answers: the page never tells more than the API does.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { DEFAULT_LANGUAGE, isLanguage, verifyCertificateQuerySchema } from '@parroquia/domain';
import { logRequestFailed } from '../log';
import type { ApiDependencies } from '../ports/api-dependencies';
import { clientAddressOf } from './client-address';
import { ApiError, type ApiRequest } from './http';
import { assertWithinRateLimit, SHARE_PAGE_LIMIT } from './rate-limit';
import { checkCertificate } from './routes/certificates';
import { siteOrigin } from './site-url';
import { previewTags, withPreviewTags } from '../share/preview-tags';

/** The SPA's index.html at an origin, as Hosting serves it. */
export type SiteIndex = (origin: string) => Promise<string>;

/** The site's addresses whose index.html is kept (a forged `X-Forwarded-Host` adds none past it). */
export const KEPT_ORIGINS = 4;

/**
 * index.html read from the site itself (the function has no copy: Hosting holds the web build),
 * kept a minute: after a deploy, pages name the new build's scripts within a minute, and a
 * failed read falls back on the last one read.
 */

export function hostedSiteIndex(
  read: (url: string) => Promise<Response> = fetch,
  now: () => number = Date.now,
): SiteIndex {
  const kept = new Map<string, { html: string; at: number }>();
  return async (origin) => {
    const last = kept.get(origin);
    if (last && now() - last.at < 60_000) return last.html;
    try {
      const response = await read(`${origin}/index.html`);
      if (!response.ok) throw new Error(`index.html: ${response.status}`);
      const html = await response.text();
      // One site has one or two addresses; a forged host never grows the map past a few.
      if (!kept.has(origin) && kept.size >= KEPT_ORIGINS) kept.delete(kept.keys().next().value!);
      kept.set(origin, { html, at: now() });
      return html;
    } catch (error) {
      if (last) return last.html;
      throw error;
    }
  };
}

export function createVerifyPageHandler(
  deps: ApiDependencies,
  siteIndex: SiteIndex = hostedSiteIndex(),
) {
  return async (req: ApiRequest, res: ServerResponse): Promise<void> => {
    const origin = siteOrigin(req.headers);
    let index: string;
    try {
      index = await siteIndex(origin);
    } catch (error) {
      logRequestFailed(req.method ?? 'GET', req.url ?? '/', error);
      res.writeHead(502, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end('Bad gateway');
      return;
    }
    const html = await pageWithPreview(deps, req, origin, index).catch((error: unknown) => {
      if (!(error instanceof ApiError))
        logRequestFailed(req.method ?? 'GET', req.url ?? '/', error);
      return index;
    });
    // As every page of the site (firebase.json): revalidated on every visit.
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : html);
  };
}

/** index.html with the certificate's tags; throws ApiError (404, 429, 400) for index.html alone. */
async function pageWithPreview(
  deps: ApiDependencies,
  req: ApiRequest & { headers: IncomingHttpHeaders },
  origin: string,
  index: string,
): Promise<string> {
  const url = new URL(req.url ?? '/', 'http://page.invalid');
  const typed = /^\/verificar\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  const parsed = verifyCertificateQuerySchema.safeParse({ code: decodedSegment(typed ?? '') });
  if (!parsed.success) return index;
  const code = parsed.data.code;
  const lng = url.searchParams.get('lng');
  const language = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  const now = deps.now();
  await assertWithinRateLimit(
    deps.rateLimits,
    SHARE_PAGE_LIMIT,
    `ip:${clientAddressOf(req)}`,
    now,
    '/verificar/',
  );
  const certificate = await checkCertificate(deps, code, now);
  const query = new URLSearchParams({ code, lng: language });
  const tags = previewTags({
    pageUrl: `${origin}/verificar/${encodeURIComponent(code)}?lng=${language}`,
    imageUrl: `${origin}/api/certificates/share-image/?${query.toString()}`,
    language,
    certificate,
  });
  return withPreviewTags(index, tags);
}

/** A path segment as typed; empty when it is no valid percent-encoding. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}
