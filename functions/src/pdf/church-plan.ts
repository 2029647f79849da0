/**
 * The church's floor plan with the plot grid and some plots marked, for certificates: the same
 * drawing as the web map's background (web/src/features/map/components/church-floor-plan.tsx,
 * in the map's 1300 x 2100 units: the altar and its apse at the top, the porch at the bottom),
 * scaled into a box of the page.
 */
import {
  columnIndex,
  GRID_COLUMNS,
  GRID_ROWS,
  MAP_HEIGHT_PX,
  MAP_WIDTH_PX,
  PLOT_SIZE_PX,
  type PlotPosition,
} from '@parroquia/domain';
import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const GROUND = rgb(0.93, 0.915, 0.89);
const FLOOR = rgb(0.985, 0.95, 0.88);
const WALL = rgb(0.44, 0.36, 0.28);
const DETAIL = rgb(0.77, 0.65, 0.48);
const GRID_LINE = rgb(0.62, 0.56, 0.5);
const MARKED = rgb(0.48, 0.12, 0.17);
const HALO = rgb(0.72, 0.54, 0.17);
const FRAME = rgb(0.35, 0.35, 0.35);

/** The church's outline, in map units (an SVG path, y downwards). */
const APSE = 'M350 420 A300 300 0 0 1 950 420 Z';
const NAVE = 'M200 420 H1100 V900 H1260 V1300 H1100 V1800 H200 V1300 H40 V900 H200 Z';
const PORCH = 'M360 1800 H940 V2040 H360 Z';
const ALTAR = 'M590 300 H710 V380 H590 Z';
const CROSS = 'M640 180h20v30h30v20h-30v60h-20v-60h-30v-20h30z';
const COLUMNS = [
  [390, 840],
  [910, 840],
  [390, 1360],
  [910, 1360],
] as const;

export interface PlanBox {
  /** Left edge, in PDF points. */
  x: number;
  /** Top edge, in PDF points (the drawing goes down from here). */
  top: number;
  /** Width of the drawing; the height follows the plan's 1300 x 2100 proportions. */
  width: number;
}

/** The drawing's height for a width. */
export const planHeight = (width: number) => (width / MAP_WIDTH_PX) * MAP_HEIGHT_PX;

/**
 * Draws the plan with `marked` filled in (on a soft gold halo, while few enough to tell apart), row 1 at
 * the top as on the map; answers its height.
 */
export function drawChurchPlan(page: PDFPage, box: PlanBox, marked: readonly PlotPosition[]) {
  const scale = box.width / MAP_WIDTH_PX;
  const height = planHeight(box.width);
  const bottom = box.top - height;
  const at = { x: box.x, y: box.top, scale };
  page.drawRectangle({ x: box.x, y: bottom, width: box.width, height, color: GROUND });

  page.drawSvgPath(APSE, { ...at, color: FLOOR, borderColor: WALL, borderWidth: 14 });
  page.drawSvgPath(NAVE, { ...at, color: FLOOR, borderColor: WALL, borderWidth: 18 });
  page.drawSvgPath(PORCH, { ...at, color: FLOOR, borderColor: WALL, borderWidth: 14 });
  page.drawLine({
    start: { x: box.x + 220 * scale, y: box.top - 640 * scale },
    end: { x: box.x + 1080 * scale, y: box.top - 640 * scale },
    thickness: 10 * scale,
    color: WALL,
    dashArray: [40 * scale, 18 * scale],
  });
  page.drawCircle({
    x: box.x + 650 * scale,
    y: box.top - 1100 * scale,
    size: 260 * scale,
    borderColor: DETAIL,
    borderWidth: 10 * scale,
  });
  for (const [cx, cy] of COLUMNS) {
    page.drawRectangle({
      x: box.x + (cx - 30) * scale,
      y: box.top - (cy + 30) * scale,
      width: 60 * scale,
      height: 60 * scale,
      color: DETAIL,
    });
  }
  page.drawSvgPath(ALTAR, { ...at, color: DETAIL });
  page.drawSvgPath(CROSS, { ...at, color: WALL });

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
