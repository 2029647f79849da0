/**
 * How many plots one account may keep inside unfinished checkouts at once (docs/product.md,
 * "Holds"). A checkout holds its plots for 30 minutes; without a cap, a handful of requests
 * from one account could take the whole map off sale, again and again.
 */
import { effectiveCell, type Cell } from './cell';

export const MAX_PLOTS_HELD_PER_ACCOUNT = 20;

/**
 * The plots the account keeps off sale in live checkouts at `now`. Lapsed holds count for
 * nothing, and neither do completions: those plots are the donor's own reservations already.
 */
export function plotsHeldInCheckouts(cells: readonly Cell[], uid: string, now: number): number {
  return cells.filter((stored) => {
    const cell = effectiveCell(stored, now);
    return cell.status === 'held' && cell.user === uid && cell.hold?.kind !== 'complete';
  }).length;
}

/** Whether `requested` more plots fit under the cap beside what the account holds already. */
export function fitsHoldCap(
  cellsOfAccount: readonly Cell[],
  uid: string,
  requested: number,
  now: number,
): boolean {
  return plotsHeldInCheckouts(cellsOfAccount, uid, now) + requested <= MAX_PLOTS_HELD_PER_ACCOUNT;
}
