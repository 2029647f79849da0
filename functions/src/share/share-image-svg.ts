/**
 * A shared plot's preview as SVG, 1200 x 630 (the size link previews show whole): on the left
 * the church's plan (the map's drawing, domain/src/church-plan.ts, or the parish's own image)
 * with the certificate's plots in the map's colours; on the right the parish, the campaign, the
 * name exactly as the map shows it (an anonymous donor's code; nothing when the plots show none)
 * and the plot codes. Pure: share-image.ts turns it into a PNG.
 */
import {
  CHURCH_FLOOR_PATH,
  CHURCH_PLAN_COLOURS,
  CHURCH_PLAN_LINES,
  CHURCH_PLAN_STROKES,
  GRID_COLUMNS,
  GRID_ROWS,
  MAP_HEIGHT_PX,
  MAP_WIDTH_PX,
  parsePlotCode,
  PLOT_SIZE_PX,
  plotPixelBox,
  type ChurchPlanImageFormat,
  type Language,
} from '@parroquia/domain';
import { SHARE_TEXTS } from './share-texts';

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** The map's colours of a bought and a reserved plot (web/src/styles/global.css). */
export const SHARE_PLOT_COLOURS = { bought: '#b3261e', reserved: '#ffd54f' } as const;

/** The font family the texts ask for: the Noto Sans files share-image.ts gives the renderer. */
export const SHARE_FONT_FAMILY = 'Noto Sans';

/** What the preview shows: exactly what `/verificar/<code>` shows anyone. */
export interface SharedCertificate {
  /** The name as the map shows it (an anonymous donor's code), or null when there is none. */
  donor_display: string | null;
  plots: ReadonlyArray<{ code: string; status: 'bought' | 'reserved' }>;
}

export interface SharePlanImage {
  format: ChurchPlanImageFormat;
  bytes: Uint8Array;
}

const MARGIN = 30;
const PLAN_HEIGHT = SHARE_IMAGE_HEIGHT - 2 * MARGIN;
const PLAN_SCALE = PLAN_HEIGHT / MAP_HEIGHT_PX;
const PLAN_WIDTH = MAP_WIDTH_PX * PLAN_SCALE;
const PLAN_X = 60;
const TEXT_X = PLAN_X + PLAN_WIDTH + 60;
const TEXT_WIDTH = SHARE_IMAGE_WIDTH - TEXT_X - 50;
/** The plot codes listed; past it "+N". */
const LISTED_PLOTS = 12;
const PAPER = '#f7f1e6';
const INK = '#3b2f25';
const SOFT_INK = '#6b5542';
const HALO = '#c8a14a';

export function shareImageSvg(
  certificate: SharedCertificate,
  language: Language,
  planImage: SharePlanImage | null,
): string {
  const texts = SHARE_TEXTS[language];
  const lines: string[] = [];
  let y = 110;
  lines.push(text(texts.parish.toUpperCase(), TEXT_X, y, 24, SOFT_INK, 700, 2));
  y += 70;
  for (const line of wrap(texts.campaign, 44, TEXT_WIDTH)) {
    lines.push(text(line, TEXT_X, y, 44, INK, 700));
    y += 56;
  }
  if (certificate.donor_display !== null) {
    y += 40;
    lines.push(text(fit(certificate.donor_display, 40, TEXT_WIDTH), TEXT_X, y, 40, '#7a1f1a', 700));
  }
  y += 70;
  const codes = certificate.plots.map((plot) => plot.code);
  const listed = codes.slice(0, LISTED_PLOTS).join(', ');
  const more = codes.length > LISTED_PLOTS ? ` +${codes.length - LISTED_PLOTS}` : '';
  lines.push(text(`${texts.plots} (${codes.length})`, TEXT_X, y, 26, SOFT_INK, 700));
  y += 44;
  for (const line of wrap(listed + more, 30, TEXT_WIDTH).slice(0, 3)) {
    lines.push(text(line, TEXT_X, y, 30, INK, 400));
    y += 40;
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" viewBox="0 0 ${SHARE_IMAGE_WIDTH} ${SHARE_IMAGE_HEIGHT}">`,
    `<rect width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" fill="${PAPER}"/>`,
    `<g transform="translate(${PLAN_X} ${MARGIN}) scale(${PLAN_SCALE})">`,
    plan(planImage),
    grid(),
    marks(certificate.plots),
    `<rect width="${MAP_WIDTH_PX}" height="${MAP_HEIGHT_PX}" fill="none" stroke="#5a5a5a" stroke-width="4"/>`,
    '</g>',
    ...lines,
    '</svg>',
  ].join('\n');
}

/** Where a plot's centre falls on the image (the tests look for its colour there). */
export function plotCentreOnImage(code: string): { x: number; y: number } {
  const box = plotPixelBox(parsePlotCode(code));
  return {
    x: PLAN_X + (box.left + box.width / 2) * PLAN_SCALE,
    y: MARGIN + (box.top + box.height / 2) * PLAN_SCALE,
  };
}

function plan(image: SharePlanImage | null): string {
  if (image) {
    const data = Buffer.from(image.bytes).toString('base64');
    return `<image width="${MAP_WIDTH_PX}" height="${MAP_HEIGHT_PX}" href="data:image/${image.format};base64,${data}"/>`;
  }
  return [
    `<rect width="${MAP_WIDTH_PX}" height="${MAP_HEIGHT_PX}" fill="${CHURCH_PLAN_COLOURS.ground}"/>`,
    `<path d="${CHURCH_FLOOR_PATH}" fill="${CHURCH_PLAN_COLOURS.floor}"/>`,
    ...CHURCH_PLAN_LINES.map(({ kind, path }) => {
      const stroke = CHURCH_PLAN_STROKES[kind];
      const dash = stroke.dash ? ` stroke-dasharray="${stroke.dash.join(' ')}"` : '';
      return `<path d="${path}" fill="none" stroke="${stroke.colour}" stroke-width="${stroke.width}"${dash}/>`;
    }),
  ].join('\n');
}

/** The plot grid, faint, as one path. */
function grid(): string {
  const width = GRID_COLUMNS * PLOT_SIZE_PX;
  const height = GRID_ROWS * PLOT_SIZE_PX;
  const steps: string[] = [];
  for (let column = 0; column <= GRID_COLUMNS; column += 1) {
    steps.push(`M${column * PLOT_SIZE_PX} 0V${height}`);
  }
  for (let row = 0; row <= GRID_ROWS; row += 1) {
    steps.push(`M0 ${row * PLOT_SIZE_PX}H${width}`);
  }
  return `<path d="${steps.join('')}" fill="none" stroke="#9e8f80" stroke-opacity="0.45" stroke-width="1.5"/>`;
}

/** The plots, on a soft gold halo while few enough to tell apart. */
function marks(plots: SharedCertificate['plots']): string {
  const boxes = plots.map((plot) => ({
    status: plot.status,
    box: plotPixelBox(parsePlotCode(plot.code)),
  }));
  const halos =
    boxes.length <= 40
      ? boxes.map(
          ({ box }) =>
            `<circle cx="${box.left + box.width / 2}" cy="${box.top + box.height / 2}" r="${box.width * 1.4}" fill="${HALO}" fill-opacity="0.45"/>`,
        )
      : [];
  const squares = boxes.map(
    ({ status, box }) =>
      `<rect x="${box.left}" y="${box.top}" width="${box.width}" height="${box.height}" fill="${SHARE_PLOT_COLOURS[status]}" stroke="#ffffff" stroke-width="3"/>`,
  );
  return [...halos, ...squares].join('\n');
}

function text(
  content: string,
  x: number,
  y: number,
  size: number,
  colour: string,
  weight: 400 | 700,
  spacing = 0,
): string {
  const letterSpacing = spacing ? ` letter-spacing="${spacing}"` : '';
  return `<text x="${x}" y="${y}" font-family="${SHARE_FONT_FAMILY}" font-size="${size}" font-weight="${weight}" fill="${colour}"${letterSpacing}>${escapeXml(content)}</text>`;
}

/** Noto Sans averages a little over half its size per letter: a safe guess of a line's width. */
const widthOf = (content: string, size: number) => [...content].length * size * 0.56;

/** Words on lines no wider than `width` (a word longer than a line is cut by `fit`). */
export function wrap(content: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of content.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && widthOf(candidate, size) > width) {
      lines.push(line);
      line = fit(word, size, width);
    } else {
      line = fit(candidate, size, width);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** `content`, or its start and an ellipsis when wider than `width`. */
export function fit(content: string, size: number, width: number): string {
  const letters = [...content];
  const room = Math.floor(width / (size * 0.56));
  return letters.length <= room ? content : `${letters.slice(0, room - 1).join('')}…`;
}

export function escapeXml(content: string): string {
  return content
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
