/**
 * How many plots one account may keep inside unfinished checkouts at once (docs/product.md,
 * "Holds"). A checkout holds its plots for 35 minutes; without a cap, a handful of requests
 * from one account could take the whole map off sale, again and again.
 */
import { ADDRESS_PROVING_PROVIDERS, type AuthIdentity } from './address-proof';
import { effectiveCell, type Cell } from './cell';
import type { CellWithId } from './cell-document';

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

/**
 * Accounts cost nothing to make, so a per-account cap alone lets forty accounts take the map off
 * sale. Accounts that proved no address (`isPooledForHolds`) share one pool instead: all of them
 * together keep at most this many plots in live checkouts, about 4 % of the 936 plots, and each
 * of them at most `MAX_PLOTS_HELD_PER_UNPROVEN_ACCOUNT`, so that a few of them cannot fill it
 * alone. A donor who opens the verification link (or signs in with Google, Apple or Facebook)
 * leaves the pool and has the per-account cap only (docs/product.md, "Holds").
 */
export const MAX_PLOTS_HELD_BY_UNPROVEN_ACCOUNTS = 40;
export const MAX_PLOTS_HELD_PER_UNPROVEN_ACCOUNT = 10;

/**
 * Whether the account's holds count in the shared pool: Auth has not verified its address and no
 * provider that vouches for addresses signed it in. Unlike `provenAddressOf`, any Google, Apple or
 * Facebook sign-in takes an account out of the pool, address or not: such accounts are not free
 * to make by the thousand.
 */
export function isPooledForHolds(identity: AuthIdentity): boolean {
  if (identity.emailVerified) return false;
  return !identity.providers.some((provider) =>
    ADDRESS_PROVING_PROVIDERS.includes(provider.providerId),
  );
}

/**
 * `hold_pools/unproven`: each plot held for a pooled account, by its code, with the checkout that
 * holds it. The pool's count is never a number kept beside the plots: a plot counts only while
 * the plot itself (read in the same transaction) is still held by that very checkout, so a
 * checkout that lapsed, was paid, cancelled, expired or released counts for nothing, and no path
 * that frees plots has to remember the pool.
 */
export type UnprovenHolds = Readonly<Record<string, string>>;

/** The pool's entries still held by their checkout at `now`; the others are dropped. */
export function liveUnprovenHolds(
  pool: UnprovenHolds,
  cells: readonly CellWithId[],
  now: number,
): Record<string, string> {
  const live: Record<string, string> = {};
  for (const stored of cells) {
    const checkout = pool[stored.id];
    if (checkout === undefined) continue;
    const cell = effectiveCell(stored, now);
    if (cell.status === 'held' && cell.hold?.session_id === checkout) live[stored.id] = checkout;
  }
  return live;
}

/** The cap that refuses `requested` more plots of a pooled account, or null when they fit. */
export function unprovenCapReached(
  cellsOfAccount: readonly Cell[],
  uid: string,
  livePool: UnprovenHolds,
  requested: number,
  now: number,
): 'account' | 'pool' | null {
  const own = plotsHeldInCheckouts(cellsOfAccount, uid, now);
  if (own + requested > MAX_PLOTS_HELD_PER_UNPROVEN_ACCOUNT) return 'account';
  if (Object.keys(livePool).length + requested > MAX_PLOTS_HELD_BY_UNPROVEN_ACCOUNTS) return 'pool';
  return null;
}
