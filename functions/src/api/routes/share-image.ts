/**
 * A shared link's preview image (docs/product.md, "Sharing a plot"): what `/verificar/<code>`
 * shows anyone, drawn as a 1200 x 630 PNG in the sharer's language.
 */
import { DEFAULT_LANGUAGE, isLanguage, type ApiRoutes } from '@parroquia/domain';
import { type FileReply } from '../http';
import { assertWithinRateLimit, SHARE_IMAGE_LIMIT } from '../rate-limit';
import type { Handler } from '../router';
import { checkCertificate } from './certificates';

/**
 * An hour in browsers and apps, twelve in Hosting's CDN: a name changed or a plot refunded shows
 * in new previews within half a day, and a link shared in a busy group is drawn a few times, not
 * once per phone.
 */
export const SHARE_IMAGE_CACHE = 'public, max-age=3600, s-maxage=43200';

export const shareImage: Handler<ApiRoutes['shareImage']> = async ({
  deps,
  params,
  clientAddress,
}) => {
  const now = deps.now();
  await assertWithinRateLimit(
    deps.rateLimits,
    SHARE_IMAGE_LIMIT,
    `ip:${clientAddress}`,
    now,
    '/api/certificates/share-image/',
  );
  // The same answer as the check page's, 404 included: the picture shows nothing more.
  const certificate = await checkCertificate(deps, params.code, now);
  const language = isLanguage(params.lng) ? params.lng : DEFAULT_LANGUAGE;
  // Loaded on first use: the native renderer is only this route's.
  const { shareImagePng } = await import('../../share/share-image');
  const png = await shareImagePng(params.code, certificate, language);
  const reply: FileReply = {
    status: 200,
    contentType: 'image/png',
    body: png,
    cacheControl: SHARE_IMAGE_CACHE,
  };
  return reply;
};
