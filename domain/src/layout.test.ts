import { describe, expect, it } from 'vitest';
import { layoutPlotCodes, layoutPlots } from './layout';

describe('layout', () => {
  it('is the whole 24 x 39 grid by default, in map order', () => {
    const plots = layoutPlots();
    expect(plots).toHaveLength(936);
    expect(plots[0]).toEqual({ code: 'A1', x: 'A', y: 1 });
    expect(plots[1]!.code).toBe('A2');
    expect(plots[39]!.code).toBe('B1');
    expect(plots.at(-1)).toEqual({ code: 'X39', x: 'X', y: 39 });
    expect(new Set(plots.map((plot) => plot.code)).size).toBe(936);
  });

  it('leaves out the excluded positions', () => {
    const codes = layoutPlotCodes([
      { x: 'A', y: 1 },
      { x: 'K', y: 3 },
    ]);
    expect(codes).toHaveLength(934);
    expect(codes).not.toContain('A1');
    expect(codes).not.toContain('K3');
    expect(codes).toContain('K4');
  });

  it('refuses an exclusion that is not on the grid', () => {
    expect(() => layoutPlots([{ x: 'A', y: 40 }])).toThrow();
  });
});
