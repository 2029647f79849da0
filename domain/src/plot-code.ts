/** Plot codes: the column letter followed by the row number, e.g. `K3` for `{ x: 'K', y: 3 }`. */
import { isColumnLetter, isPlotPosition, isRowNumber, type PlotPosition } from './grid';

/** One capital letter, then a row number without leading zeros. */
const PLOT_CODE_PATTERN = /^([A-Z])([1-9][0-9]?)$/;

export class InvalidPlotCodeError extends Error {
  constructor(readonly input: unknown) {
    super(`Not a plot code: ${JSON.stringify(input)}`);
    this.name = 'InvalidPlotCodeError';
  }
}

/** The position a code names, or null when it names no plot of the grid. */
export function tryParsePlotCode(code: unknown): PlotPosition | null {
  if (typeof code !== 'string') return null;
  const match = PLOT_CODE_PATTERN.exec(code);
  if (!match) return null;
  const [, x, row] = match;
  const y = Number(row);
  return isColumnLetter(x) && isRowNumber(y) ? { x, y } : null;
}

/** Like `tryParsePlotCode`, for codes that must be valid (seed data, stored ids). */
export function parsePlotCode(code: string): PlotPosition {
  const plot = tryParsePlotCode(code);
  if (!plot) throw new InvalidPlotCodeError(code);
  return plot;
}

export function isPlotCode(value: unknown): value is string {
  return tryParsePlotCode(value) !== null;
}

export function formatPlotCode(plot: PlotPosition): string {
  if (!isPlotPosition(plot)) throw new InvalidPlotCodeError(plot);
  return `${plot.x}${plot.y}`;
}
