/**
 * The link-preview tags of `/verificar/<code>` (Open Graph and Twitter's card): link-preview
 * crawlers (WhatsApp, Facebook, Telegram) run no JavaScript, so what they show must be in the
 * HTML itself. Added to the SPA's own index.html, which stays the page people see.
 */
import type { Language } from '@parroquia/domain';
import {
  escapeXml,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  type SharedCertificate,
} from './share-image-svg';
import { SHARE_TEXTS } from './share-texts';

/** Open Graph's names of the languages (`og:locale`). */
const LOCALES: Readonly<Record<Language, string>> = { es: 'es_ES', en: 'en_GB', ro: 'ro_RO' };

export interface PreviewPage {
  /** The page's own address, as shared (`…/verificar/<code>?lng=ro`). */
  pageUrl: string;
  /** The picture's absolute address. */
  imageUrl: string;
  language: Language;
  certificate: SharedCertificate;
}

/** The tags, one a line: the name as the map shows it (never more), the plot codes, the picture. */
export function previewTags({ pageUrl, imageUrl, language, certificate }: PreviewPage): string {
  const texts = SHARE_TEXTS[language];
  const title =
    certificate.donor_display === null
      ? texts.titleWithoutName
      : texts.titleWithName(certificate.donor_display);
  const description = `${texts.description} ${certificate.plots.map((plot) => plot.code).join(', ')}`;
  const tags: Array<[attribute: 'property' | 'name', key: string, value: string]> = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', texts.parish],
    ['property', 'og:locale', LOCALES[language]],
    ['property', 'og:url', pageUrl],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:image', imageUrl],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(SHARE_IMAGE_WIDTH)],
    ['property', 'og:image:height', String(SHARE_IMAGE_HEIGHT)],
    ['property', 'og:image:alt', title],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', imageUrl],
  ];
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeXml(value)}">`)
    .join('\n    ');
}

/** `index.html` with `tags` at the end of its head; unchanged when it has no head. */
export function withPreviewTags(indexHtml: string, tags: string): string {
  const end = indexHtml.indexOf('</head>');
  if (end < 0) return indexHtml;
  return `${indexHtml.slice(0, end)}  ${tags}\n  ${indexHtml.slice(end)}`;
}
