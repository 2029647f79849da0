import { describe, expect, it } from 'vitest';
import { qrDrawing } from './qr-path';

/** The dark modules the path draws, as "column,row". */
const darkModules = (path: string) =>
  new Set([...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, column, row]) => `${column},${row}`));

describe('qrDrawing', () => {
  const drawing = qrDrawing('https://parroquia.example/');

  it('is a square of 25 modules for a short address (version 2), every module a path square', () => {
    expect(drawing.size).toBe(25);
    expect(drawing.path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
  });

  it('has the three finder patterns: dark rings with a dark centre, light between', () => {
    const dark = darkModules(drawing.path);
    for (const [left, top] of [
      [0, 0],
      [drawing.size - 7, 0],
      [0, drawing.size - 7],
    ] as const) {
      expect(dark.has(`${left},${top}`)).toBe(true);
      expect(dark.has(`${left + 6},${top + 6}`)).toBe(true);
      expect(dark.has(`${left + 1},${top + 1}`)).toBe(false);
      expect(dark.has(`${left + 3},${top + 3}`)).toBe(true);
    }
  });

  it('changes with the address', () => {
    expect(qrDrawing('https://otra.example/').path).not.toBe(drawing.path);
  });
});
