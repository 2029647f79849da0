/**
 * The order of the plots on the page: row by row from the top (the altar), each row from left to
 * right, as one reads. It is also the order in which the map draws them, a slice at a time
 * (plot-layer.ts): the map opens at the plan's top, so the plots in view come first,
 * and each slice is appended after the last, which the browser paints most cheaply.
 */
import { columnIndex, type PlotPosition } from '@parroquia/domain';

export function compareReadingOrder(a: PlotPosition, b: PlotPosition): number {
  return a.y - b.y || columnIndex(a.x) - columnIndex(b.x);
}
