/** A donor's plots, as the certificate, the check page and name changes see them. */
import { effectiveCell, type Cell } from './cell';
import type { CellWithId } from './cell-document';
import { comparePlotPositions } from './grid';

/** Plots the donor holds at `now`: bought or reserved by them, in map order. */
/** `uid` null: the plots of a registration still waiting for its donor. */
export function plotsHeldBy(
  cells: readonly CellWithId[],
  uid: string | null,
  now: number,
): CellWithId[] {
  return cells
    .map((cell) => ({ ...effectiveCell(cell, now), id: cell.id }))
    .filter((cell) => cell.user === uid && (cell.status === 'bought' || cell.status === 'reserved'))
    .sort(comparePlotPositions);
}

/** Plots the donor has bought (what the certificate lists), in map order. */
export function plotsBoughtBy(
  cells: readonly CellWithId[],
  uid: string,
  now: number,
): CellWithId[] {
  return plotsHeldBy(cells, uid, now).filter((cell) => cell.status === 'bought');
}

/**
 * When the donor's reservation of these plots ends: the earliest end among those they still hold
 * reserved (staff may have extended some), or null when none is reserved any more.
 */
export function reservationEndOf(
  cells: readonly CellWithId[],
  plots: readonly string[],
  uid: string,
  now: number,
): number | null {
  const wanted = new Set(plots);
  const ends = plotsHeldBy(cells, uid, now)
    .filter((cell) => wanted.has(cell.id) && cell.status === 'reserved')
    .map((cell) => cell.reserved_until)
    .filter((end): end is number => end !== null);
  return ends.length > 0 ? Math.min(...ends) : null;
}

/**
 * Whether a stored cell shows the donor's name on the map, so a change of name or anonymity must
 * rewrite its `donor_display`. A live hold to buy or reserve shows no name yet (the payment will
 * write it); a reservation inside its owner's completion checkout still shows it.
 */
export function showsDonorName(cell: Cell, uid: string, now: number): boolean {
  const effective = effectiveCell(cell, now);
  if (effective.user !== uid) return false;
  if (effective.status === 'held') return effective.hold?.kind === 'complete';
  return effective.status === 'bought' || effective.status === 'reserved';
}

/**
 * The donor's plots to store after a change of name or anonymity: those that show them, with
 * `display`; and those still stored under their name though lapsed, written back as what they
 * are (no name), so an old name does not wait for the sweep in the public documents.
 */
export function renamedPlots(
  cells: readonly CellWithId[],
  uid: string,
  display: string,
  now: number,
): CellWithId[] {
  return cells.flatMap((cell) => {
    if (showsDonorName(cell, uid, now)) {
      return cell.donor_display === display ? [] : [{ ...cell, donor_display: display }];
    }
    const lapsed = cell.user === uid && cell.donor_display !== null;
    return lapsed ? [{ ...effectiveCell(cell, now), id: cell.id }] : [];
  });
}
