/**
 * How many plots one account may keep inside unfinished checkouts at once (docs/product.md,
 * "Holds"). A checkout holds its plots for 35 minutes; without a cap, a handful of requests
 * from one account could take the whole map off sale, again and again.
 */
import { ADDRESS_PROVING_PROVIDERS, type AuthIdentity } from './address-proof';
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

/**
 * Accounts cost nothing to make, so a per-account cap alone lets forty accounts take the map off
 * sale. Holding plots (buying or reserving) therefore needs an account that is not free to make
 * by the thousand: one whose address Auth verified (the link we mailed was opened), or one a
 * provider that vouches for addresses signed in (Google, Apple, Facebook). An attacker then needs
 * a mailbox per 20 plots, and every new donor can pay at once: there is no shared pool left for
 * free accounts to fill (docs/product.md, "Holds"). Completing a reservation holds nothing new
 * and is never asked this.
 */
export function mayHoldPlots(identity: AuthIdentity): boolean {
  if (identity.emailVerified) return true;
  return identity.providers.some((provider) =>
    ADDRESS_PROVING_PROVIDERS.includes(provider.providerId),
  );
}
