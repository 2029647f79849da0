/**
 * The latest gifts on the church hall's screen (docs/product.md, "The church hall's screen"):
 * the plots that became reserved or bought while the screen watched, newest first, grouped by
 * donor within one change of the plots (one checkout of several plots is one gift). Derived only
 * from the live plots the map already listens to, so the screen reads nothing more; the donor is
 * what the map shows (`plotSeenBy`: `donor_display`, an anonymous donor's code, never a name).
 */
import { columnIndex, plotSeenBy, type CellWithId } from '@parroquia/domain';

export const LATEST_GIFTS = 8;

export interface Gift {
  /** Plot codes, in reading order. */
  codes: string[];
  /** As the map shows it: `donor_display`. */
  donor: string;
  status: 'reserved' | 'bought';
}

type Plots = ReadonlyMap<string, CellWithId>;

/** The donor and state the plot shows to anyone, when it is given (reserved or bought). */
function given(cell: CellWithId | undefined, now: number): Omit<Gift, 'codes'> | null {
  if (!cell) return null;
  const { cell: shown, donor } = plotSeenBy(cell, null, now);
  if (donor === null || (shown.status !== 'reserved' && shown.status !== 'bought')) return null;
  return { donor, status: shown.status };
}

const sameGift = (a: Omit<Gift, 'codes'> | null, b: Omit<Gift, 'codes'> | null) =>
  a !== null && b !== null && a.donor === b.donor && a.status === b.status;

/** Row by row from the altar, each row from left to right, as the map reads. */
const readingOrder = (a: CellWithId, b: CellWithId) =>
  a.y - b.y || columnIndex(a.x) - columnIndex(b.x);

/**
 * The gifts after the plots went from `before` to `after`: the plots newly given (or given
 * anew: a reservation completed) come first, one gift per donor and state; earlier gifts keep
 * only the plots that still show them (a refund or a lapsed reservation takes a plot off).
 */
export function nextGifts(
  gifts: readonly Gift[],
  before: Plots,
  after: Plots,
  now: number,
  limit = LATEST_GIFTS,
): Gift[] {
  const fresh = new Map<string, Omit<Gift, 'codes'> & { plots: CellWithId[] }>();
  for (const [code, cell] of after) {
    if (before.get(code) === cell) continue;
    const shows = given(cell, now);
    if (!shows || sameGift(given(before.get(code), now), shows)) continue;
    const key = `${shows.status}\u0000${shows.donor}`;
    const entry = fresh.get(key) ?? { ...shows, plots: [] as CellWithId[] };
    entry.plots.push(cell);
    fresh.set(key, entry);
  }
  const newest = [...fresh.values()].map(({ plots, ...gift }) => ({
    ...gift,
    codes: plots.sort(readingOrder).map((plot) => plot.id),
  }));
  const taken = new Set(newest.flatMap((gift) => gift.codes));
  const kept = gifts.flatMap((gift) => {
    const codes = gift.codes.filter(
      (code) => !taken.has(code) && sameGift(given(after.get(code), now), gift),
    );
    return codes.length === 0 ? [] : [{ ...gift, codes }];
  });
  return [...newest, ...kept].slice(0, limit);
}
