/**
 * The church's floor plan with the plot grid and some plots marked, for certificates, scaled
 * into a box of the page: the web map's drawing (domain/src/church-plan.ts: the altar and its
 * apse at the top, the porch at the bottom) or the parish's own plan when one is configured
 * (`VITE_CHURCH_PLAN_IMAGE`, bundled by functions/build.mjs), with the names of the church's
 * parts in the certificate's language, and the plots over all of it.
 */
import {
  CHURCH_FLOOR_PATH,
  CHURCH_PLAN_COLOURS,
  CHURCH_PLAN_LINES,
  CHURCH_PLAN_STROKES,
  CHURCH_ZONE_LABELS,
  CHURCH_ZONES,
  columnIndex,
  GRID_COLUMNS,
  GRID_ROWS,
  MAP_HEIGHT_PX,
  MAP_WIDTH_PX,
  PLOT_SIZE_PX,
  plotPixelBox,
  zoneContains,
  type CertificateLanguage,
  type ChurchPlanImageFormat,
  type ChurchZone,
  type PixelBox,
  type PlanPoint,
  type PlotPosition,
} from '@parroquia/domain';
import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import configuredPlanImage from 'virtual:church-plan-image';
import { CHURCH_ZONE_NAMES } from './church-plan-texts';

const GRID_LINE = rgb(0.62, 0.56, 0.5);
const MARKED = rgb(0.48, 0.12, 0.17);
const HALO = rgb(0.72, 0.54, 0.17);
const FRAME = rgb(0.35, 0.35, 0.35);
/** The zones' names: small, but as large on every plan, whatever its width. */
const ZONE_NAME_SIZE = 5.2;

/** `#rrggbb` as pdf-lib's colour. */
const colour = (hex: string) =>
  rgb(
    ...([1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [
      number,
      number,
      number,
    ]),
  );

export interface PlanBox {
  /** Left edge, in PDF points. */
  x: number;
  /** Top edge, in PDF points (the drawing goes down from here). */
  top: number;
  /** Width of the drawing; the height follows the plan's 1300 x 2100 proportions. */
  width: number;
}

/** The zones' names: in the certificate's language, in its font. */
export interface PlanWords {
  language: CertificateLanguage;
  font: PDFFont;
}

/** A PNG or JPEG of 1300 x 2100 px, already checked by the build (build/church-plan-image.ts). */
export interface ChurchPlanImage {
  format: ChurchPlanImageFormat;
  bytes: Uint8Array;
}

/** The drawing's height for a width. */
export const planHeight = (width: number) => (width / MAP_WIDTH_PX) * MAP_HEIGHT_PX;

/**
 * Draws the plan with `marked` filled in (on a soft gold halo, while few enough to tell apart), row 1 at
 * the top as on the map; answers its height. `image` replaces the line drawing (by default the
 * configured one, if any).
 */
export async function drawChurchPlan(
  page: PDFPage,
  box: PlanBox,
  marked: readonly PlotPosition[],
  words: PlanWords,
  image: ChurchPlanImage | null = configuredPlanImage,
): Promise<number> {
  const scale = box.width / MAP_WIDTH_PX;
  const height = planHeight(box.width);
  const bottom = box.top - height;
  if (image) {
    const embedded =
      image.format === 'png'
        ? await page.doc.embedPng(image.bytes)
        : await page.doc.embedJpg(image.bytes);
    page.drawImage(embedded, { x: box.x, y: bottom, width: box.width, height });
  } else {
    drawLines(page, box, scale, height);
  }

  // The grid, faint: lines rather than 936 squares keep the content stream small.
  const cell = PLOT_SIZE_PX * scale;
  const gridWidth = GRID_COLUMNS * cell;
  const gridHeight = GRID_ROWS * cell;
  for (let column = 0; column <= GRID_COLUMNS; column += 1) {
    const x = box.x + column * cell;
    page.drawLine({
      start: { x, y: box.top - gridHeight },
      end: { x, y: box.top },
      thickness: 0.2,
      color: GRID_LINE,
      opacity: 0.45,
    });
  }
  for (let row = 0; row <= GRID_ROWS; row += 1) {
    const y = box.top - row * cell;
    page.drawLine({
      start: { x: box.x, y },
      end: { x: box.x + gridWidth, y },
      thickness: 0.2,
      color: GRID_LINE,
      opacity: 0.45,
    });
  }

  // Under the marked plots: the donor's plots stay whole where a name crosses them.
  drawZoneNames(page, box, scale, marked, words);

  const ringed = marked.length <= 40;
  for (const plot of marked) {
    const x = box.x + columnIndex(plot.x) * cell;
    const y = box.top - plot.y * cell;
    if (ringed) {
      page.drawCircle({
        x: x + cell / 2,
        y: y + cell / 2,
        size: cell * 1.1,
        color: HALO,
        opacity: 0.4,
      });
    }
  }
  for (const plot of marked) {
    page.drawRectangle({
      x: box.x + columnIndex(plot.x) * cell,
      y: box.top - plot.y * cell,
      width: cell,
      height: cell,
      color: MARKED,
      borderColor: rgb(1, 1, 1),
      borderWidth: 0.4,
    });
  }
  page.drawRectangle({
    x: box.x,
    y: bottom,
    width: box.width,
    height,
    borderColor: FRAME,
    borderWidth: 0.6,
  });
  return height;
}

/** The line drawing: grounds, floor, then walls, iconostasis and details, thin and light. */
function drawLines(page: PDFPage, box: PlanBox, scale: number, height: number) {
  const at = { x: box.x, y: box.top, scale };
  page.drawRectangle({
    x: box.x,
    y: box.top - height,
    width: box.width,
    height,
    color: colour(CHURCH_PLAN_COLOURS.ground),
  });
  page.drawSvgPath(CHURCH_FLOOR_PATH, { ...at, color: colour(CHURCH_PLAN_COLOURS.floor) });
  for (const { kind, path } of CHURCH_PLAN_LINES) {
    const stroke = CHURCH_PLAN_STROKES[kind];
    page.drawSvgPath(path, {
      ...at,
      borderColor: colour(stroke.colour),
      borderWidth: stroke.width,
      ...(stroke.dash ? { borderDashArray: [...stroke.dash] } : {}),
    });
  }
}

/**
 * Each zone's name on its anchor's line, capitals, on a light plate over the grid lines; moved
 * along the line, inside its zone, when a marked plot is there, so both can be seen.
 */
function drawZoneNames(
  page: PDFPage,
  box: PlanBox,
  scale: number,
  marked: readonly PlotPosition[],
  { language, font }: PlanWords,
) {
  const ink = colour(CHURCH_PLAN_COLOURS.label);
  const plots = marked.map((plot) => plotPixelBox(plot));
  for (const zone of CHURCH_ZONES) {
    const name = CHURCH_ZONE_NAMES[language][zone].toUpperCase();
    const width = font.widthOfTextAtSize(name, ZONE_NAME_SIZE);
    const anchor = CHURCH_ZONE_LABELS[zone];
    const centre = zoneNameCentre(zone, anchor, (width + 2) / scale, ZONE_NAME_SIZE / scale, plots);
    const centreX = box.x + centre * scale;
    const centreY = box.top - anchor.y * scale;
    page.drawRectangle({
      x: centreX - width / 2 - 1,
      y: centreY - ZONE_NAME_SIZE * 0.5,
      width: width + 2,
      height: ZONE_NAME_SIZE,
      color: colour(CHURCH_PLAN_COLOURS.floor),
      opacity: 0.85,
    });
    // Capitals are about 0.72 of the size tall: the baseline 0.36 below the anchor centres them.
    page.drawText(name, {
      x: centreX - width / 2,
      y: centreY - ZONE_NAME_SIZE * 0.36,
      size: ZONE_NAME_SIZE,
      font,
      color: ink,
    });
  }
}

/**
 * Where a name `width` x `height` map units goes on its anchor's line: the anchor, or the
 * nearest place two plots at a time to either side that stays in the zone and clear of the
 * marked plots; the anchor again when there is none.
 */
function zoneNameCentre(
  zone: ChurchZone,
  anchor: PlanPoint,
  width: number,
  height: number,
  marked: readonly PixelBox[],
): number {
  for (const shift of [0, -2, 2, -4, 4, -6, 6, -8, 8]) {
    const x = anchor.x + shift * PLOT_SIZE_PX;
    const left = x - width / 2;
    const right = x + width / 2;
    const inZone =
      zoneContains(zone, { x: left, y: anchor.y }) && zoneContains(zone, { x: right, y: anchor.y });
    const clear = marked.every(
      (plot) =>
        right <= plot.left ||
        left >= plot.left + plot.width ||
        anchor.y + height / 2 <= plot.top ||
        anchor.y - height / 2 >= plot.top + plot.height,
    );
    if (inZone && clear) return x;
  }
  return anchor.x;
}

/** A small label centred over `centreX`, e.g. "Altar" above the plan and "Entrance" below. */
export function drawCentredLabel(
  page: PDFPage,
  text: string,
  font: PDFFont,
  size: number,
  centreX: number,
  y: number,
) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: centreX - width / 2, y, size, font, color: rgb(0.4, 0.36, 0.33) });
}
