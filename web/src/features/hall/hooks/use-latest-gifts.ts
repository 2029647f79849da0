/**
 * The latest gifts as the live plots change (latest-gifts.ts): the plots the screen first
 * receives are its starting point, not gifts; every later change of them adds the plots newly
 * given. `cells` null: not loaded yet (or loading again after a failure; the gifts stay).
 */
import type { CellWithId } from '@parroquia/domain';
import { useState } from 'react';
import { nextGifts, type Gift } from '../latest-gifts';

type Plots = ReadonlyMap<string, CellWithId>;

export function useLatestGifts(cells: Plots | null, now: number): readonly Gift[] {
  const [seen, setSeen] = useState<{ cells: Plots | null; now: number; gifts: readonly Gift[] }>({
    cells: null,
    now,
    gifts: [],
  });
  // Derived during render from the previous plots (React's "storing information from previous
  // renders"): no effect, so the list changes in the same paint as the plan.
  if (cells !== null && (cells !== seen.cells || now !== seen.now)) {
    const gifts = seen.cells === null ? seen.gifts : nextGifts(seen.gifts, seen.cells, cells, now);
    setSeen({ cells, now, gifts });
    return gifts;
  }
  return seen.gifts;
}
