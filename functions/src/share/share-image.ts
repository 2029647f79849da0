/**
 * A shared plot's preview as PNG: the SVG of share-image-svg.ts drawn by resvg (a native module,
 * left outside the bundle by functions/build.mjs) with the certificates' Noto Sans, and kept in
 * a bounded cache per instance. Drawing takes about a tenth of a second of CPU; a link shared in a
 * group is fetched by every member's phone and by each app's crawler, so the same picture is
 * drawn once per instance, keyed by everything it shows (the code, the language and the
 * content): a name changed or a plot refunded is a new key, never a stale picture.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language } from '@parroquia/domain';
import notoSansBold from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf';
import notoSansRegular from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf';
import configuredPlanImage from 'virtual:church-plan-image';
import {
  SHARE_FONT_FAMILY,
  SHARE_IMAGE_WIDTH,
  shareImageSvg,
  type SharedCertificate,
  type SharePlanImage,
} from './share-image-svg';

/** Pictures kept per instance: about 70 kB each, so 7 MB at most. */
export const SHARE_IMAGES_KEPT = 100;

const kept = new Map<string, Buffer>();

/** The preview of `certificate` (its code's) in `language`: from the cache, or drawn and kept. */
export async function shareImagePng(
  code: string,
  certificate: SharedCertificate,
  language: Language,
  planImage: SharePlanImage | null = configuredPlanImage,
): Promise<Buffer> {
  const key = shareImageKey(code, certificate, language);
  const cached = kept.get(key);
  if (cached) {
    // Most recently used last: the first key is the one to drop.
    kept.delete(key);
    kept.set(key, cached);
    return cached;
  }
  const png = await renderPng(shareImageSvg(certificate, language, planImage));
  if (kept.size >= SHARE_IMAGES_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, png);
  return png;
}

/** The cache's key: the code, the language and a digest of what the picture shows. */
export function shareImageKey(
  code: string,
  certificate: SharedCertificate,
  language: Language,
): string {
  const content = createHash('sha256')
    .update(JSON.stringify([certificate.donor_display, certificate.plots]))
    .digest('base64url');
  return `${code}:${language}:${content}`;
}

/** How many pictures the cache holds (tests). */
export const shareImagesKept = () => kept.size;

async function renderPng(svg: string): Promise<Buffer> {
  // Loaded on first use: the native module is only needed by this route.
  const { Resvg } = await import('@resvg/resvg-js');
  const resvg = new Resvg(svg, {
    font: { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: SHARE_FONT_FAMILY },
    fitTo: { mode: 'width', value: SHARE_IMAGE_WIDTH },
  });
  return Buffer.from(resvg.render().asPng());
}

let written: string[] | null = null;

/**
 * resvg reads fonts from files only: the certificates' bundled bytes (the same two weights) are written once per instance to its
 * temporary folder (nothing is fetched; the fonts ship inside the bundle).
 */
function fontFiles(): string[] {
  if (written) return written;
  const folder = join(tmpdir(), `parroquia-share-fonts-${process.pid}`);
  mkdirSync(folder, { recursive: true });
  const fonts = {
    'NotoSans-Regular.ttf': notoSansRegular,
    'NotoSans-Bold.ttf': notoSansBold,
  };
  written = Object.entries(fonts).map(([name, bytes]) => {
    const path = join(folder, name);
    writeFileSync(path, bytes);
    return path;
  });
  return written;
}
