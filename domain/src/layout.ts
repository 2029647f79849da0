/**
 * A layout says which grid positions are plots (walls or the altar may not be). The default
 * layout is the whole grid.
 */
import { COLUMN_LETTERS, GRID_ROWS, type PlotPosition } from './grid';
import { formatPlotCode } from './plot-code';

export interface Plot extends PlotPosition {
  code: string;
}

/** Every plot of the layout, in map order (by column, then row). */
export function layoutPlots(excluded: readonly PlotPosition[] = []): Plot[] {
  const left = new Set(excluded.map(formatPlotCode));
  const plots: Plot[] = [];
  for (const x of COLUMN_LETTERS) {
    for (let y = 1; y <= GRID_ROWS; y += 1) {
      const code = formatPlotCode({ x, y });
      if (!left.has(code)) plots.push({ code, x, y });
    }
  }
  return plots;
}

export function layoutPlotCodes(excluded: readonly PlotPosition[] = []): string[] {
  return layoutPlots(excluded).map((plot) => plot.code);
}
