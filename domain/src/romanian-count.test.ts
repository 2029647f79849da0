import { describe, expect, it } from 'vitest';
import { romanianCount } from './romanian-count';

describe('romanianCount', () => {
  it('writes each of Romanian’s three forms', () => {
    const plots = (n: number) => romanianCount(n, 'parcelă', 'parcele');
    expect(plots(1)).toBe('1 parcelă');
    expect([0, 2, 19, 101, 119].map(plots)).toEqual([
      '0 parcele',
      '2 parcele',
      '19 parcele',
      '101 parcele',
      '119 parcele',
    ]);
    expect([20, 21, 100, 120, 936].map(plots)).toEqual([
      '20 de parcele',
      '21 de parcele',
      '100 de parcele',
      '120 de parcele',
      '936 de parcele',
    ]);
  });
});
