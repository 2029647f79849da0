import type { ColumnLetter } from '@parroquia/domain';
import { describe, expect, it } from 'vitest';
import { compareReadingOrder } from './reading-order';

const at = (x: ColumnLetter, y: number) => ({ x, y });

describe('compareReadingOrder', () => {
  it('puts the top row first, each row from left to right', () => {
    const plots = [at('B', 2), at('X', 1), at('A', 2), at('A', 1), at('A', 10)];
    expect(plots.sort(compareReadingOrder)).toEqual([
      at('A', 1),
      at('X', 1),
      at('A', 2),
      at('B', 2),
      at('A', 10),
    ]);
  });
});
