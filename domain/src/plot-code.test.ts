import { describe, expect, it } from 'vitest';
import {
  InvalidPlotCodeError,
  formatPlotCode,
  isPlotCode,
  parsePlotCode,
  tryParsePlotCode,
} from './plot-code';
import type { PlotPosition } from './grid';

describe('plot codes', () => {
  it('turns { x: "K", y: 3 } into "K3" and back', () => {
    expect(formatPlotCode({ x: 'K', y: 3 })).toBe('K3');
    expect(parsePlotCode('K3')).toEqual({ x: 'K', y: 3 });
  });

  it('accepts the corners of the grid', () => {
    expect(parsePlotCode('A1')).toEqual({ x: 'A', y: 1 });
    expect(parsePlotCode('X39')).toEqual({ x: 'X', y: 39 });
    expect(parsePlotCode('A39')).toEqual({ x: 'A', y: 39 });
    expect(parsePlotCode('X1')).toEqual({ x: 'X', y: 1 });
  });

  it.each([
    ['Z1', 'Z is not a column'],
    ['Y1', 'Y is past X'],
    ['A0', 'row 0 does not exist'],
    ['A40', 'row 40 does not exist'],
    ['k3', 'lowercase'],
    ['K03', 'leading zero'],
    ['K3.5', 'fraction'],
    ['K-3', 'sign'],
    [' K3', 'space'],
    ['K3 ', 'trailing space'],
    ['3K', 'reversed'],
    ['KK3', 'two letters'],
    ['K', 'no row'],
    ['', 'empty'],
    ['K100', 'three digits'],
    ['Ｋ3', 'full-width letter'],
  ])('rejects %j (%s)', (code) => {
    expect(tryParsePlotCode(code)).toBeNull();
    expect(isPlotCode(code)).toBe(false);
    expect(() => parsePlotCode(code)).toThrow(InvalidPlotCodeError);
  });

  it('rejects what is not a string', () => {
    for (const value of [null, undefined, 3, { x: 'K', y: 3 }, ['K3']]) {
      expect(tryParsePlotCode(value)).toBeNull();
    }
  });

  it('refuses to format a position off the grid', () => {
    expect(() => formatPlotCode({ x: 'Z', y: 1 } as unknown as PlotPosition)).toThrow(
      InvalidPlotCodeError,
    );
    expect(() => formatPlotCode({ x: 'A', y: 0 })).toThrow(InvalidPlotCodeError);
    expect(() => formatPlotCode({ x: 'A', y: 40 })).toThrow(InvalidPlotCodeError);
    expect(() => formatPlotCode({ x: 'A', y: 1.5 })).toThrow(InvalidPlotCodeError);
  });
});
