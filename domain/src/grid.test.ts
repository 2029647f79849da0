import { describe, expect, it } from 'vitest';
import {
  COLUMN_LETTERS,
  GRID_COLUMNS,
  GRID_ROWS,
  PLOT_SIZE_PX,
  columnIndex,
  columnLetter,
  comparePlotPositions,
  isPlotPosition,
  plotPixelBox,
} from './grid';

describe('grid', () => {
  it('fits 24 columns (A..X) and 39 rows of 53.5 px plots on the 1300 x 2100 plan', () => {
    expect(GRID_COLUMNS).toBe(24);
    expect(GRID_ROWS).toBe(39);
    expect(COLUMN_LETTERS).toHaveLength(GRID_COLUMNS);
    expect(COLUMN_LETTERS.at(-1)).toBe('X');
    expect(GRID_COLUMNS * PLOT_SIZE_PX).toBeLessThanOrEqual(1300);
    expect(GRID_ROWS * PLOT_SIZE_PX).toBeLessThanOrEqual(2100);
  });

  it('numbers columns from A = 0', () => {
    expect(columnIndex('A')).toBe(0);
    expect(columnIndex('K')).toBe(10);
    expect(columnLetter(23)).toBe('X');
    expect(() => columnLetter(24)).toThrow(RangeError);
    expect(() => columnLetter(-1)).toThrow(RangeError);
  });

  it('places a plot by its column index and 1-based row', () => {
    expect(plotPixelBox({ x: 'A', y: 1 })).toEqual({ left: 0, top: 0, width: 53.5, height: 53.5 });
    expect(plotPixelBox({ x: 'K', y: 3 })).toEqual({
      left: 535,
      top: 107,
      width: 53.5,
      height: 53.5,
    });
    const last = plotPixelBox({ x: 'X', y: 39 });
    expect(last.left + last.width).toBe(1284);
    expect(last.top + last.height).toBe(2086.5);
  });

  it('refuses to place what is not a plot of the grid', () => {
    expect(() => plotPixelBox({ x: 'A', y: 40 })).toThrow(RangeError);
    expect(() => plotPixelBox({ x: 'A', y: 0 })).toThrow(RangeError);
  });

  it('recognises plot positions', () => {
    expect(isPlotPosition({ x: 'K', y: 3 })).toBe(true);
    expect(isPlotPosition({ x: 'Y', y: 3 })).toBe(false);
    expect(isPlotPosition({ x: 'k', y: 3 })).toBe(false);
    expect(isPlotPosition({ x: 'K', y: '3' })).toBe(false);
    expect(isPlotPosition({ x: 'K', y: 2.5 })).toBe(false);
    expect(isPlotPosition(null)).toBe(false);
    expect(isPlotPosition('K3')).toBe(false);
  });

  it('orders plots by column, then row', () => {
    const plots = [
      { x: 'B', y: 1 },
      { x: 'A', y: 10 },
      { x: 'A', y: 2 },
    ] as const;
    expect([...plots].sort(comparePlotPositions)).toEqual([
      { x: 'A', y: 2 },
      { x: 'A', y: 10 },
      { x: 'B', y: 1 },
    ]);
  });
});
