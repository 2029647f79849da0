/**
 * The map's grid: a church floor plan of 1300 x 2100 px covered by square plots of 53.5 px.
 * Only whole plots fit, so the grid is 24 columns (A..X) by 39 rows.
 */

export const MAP_WIDTH_PX = 1300;
export const MAP_HEIGHT_PX = 2100;
export const PLOT_SIZE_PX = 53.5;

export const GRID_COLUMNS = Math.floor(MAP_WIDTH_PX / PLOT_SIZE_PX);
export const GRID_ROWS = Math.floor(MAP_HEIGHT_PX / PLOT_SIZE_PX);

/** Column letters, A = column 0. Spelled out so that `ColumnLetter` is a precise type. */
// prettier-ignore
export const COLUMN_LETTERS = [
  'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L',
  'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X',
] as const;

export type ColumnLetter = (typeof COLUMN_LETTERS)[number];

/** A plot's place on the grid: column letter and 1-based row, as stored in `cells/{code}`. */
export interface PlotPosition {
  x: ColumnLetter;
  y: number;
}

export function isColumnLetter(value: unknown): value is ColumnLetter {
  return typeof value === 'string' && (COLUMN_LETTERS as readonly string[]).includes(value);
}

export function isRowNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= GRID_ROWS;
}

export function isPlotPosition(value: unknown): value is PlotPosition {
  if (typeof value !== 'object' || value === null) return false;
  const { x, y } = value as { x?: unknown; y?: unknown };
  return isColumnLetter(x) && isRowNumber(y);
}

/** 0-based column index of a letter (A -> 0). */
export function columnIndex(letter: ColumnLetter): number {
  return COLUMN_LETTERS.indexOf(letter);
}

export function columnLetter(index: number): ColumnLetter {
  const letter = COLUMN_LETTERS[index];
  if (letter === undefined) throw new RangeError(`No grid column has index ${index}`);
  return letter;
}

export interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where a plot is drawn on the 1300 x 2100 background, from its top-left corner. */
export function plotPixelBox(plot: PlotPosition): PixelBox {
  if (!isPlotPosition(plot))
    throw new RangeError(`Not a plot of the grid: ${JSON.stringify(plot)}`);
  return {
    left: columnIndex(plot.x) * PLOT_SIZE_PX,
    top: (plot.y - 1) * PLOT_SIZE_PX,
    width: PLOT_SIZE_PX,
    height: PLOT_SIZE_PX,
  };
}

/** Map order: by column, then by row (A1, A2, ..., A39, B1, ...). */
export function comparePlotPositions(a: PlotPosition, b: PlotPosition): number {
  return columnIndex(a.x) - columnIndex(b.x) || a.y - b.y;
}
