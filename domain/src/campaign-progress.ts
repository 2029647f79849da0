/**
 * The campaign's progress (docs/data-model.md, `campaign/progress`): how many plots are given
 * and what was raised, kept as counts that every transaction moves by its difference, so the
 * home page reads one document instead of every plot and every ledger row.
 *
 * The plots are counted from the stored plot, as the transactions see it: a bought one; a
 * reserved one, or a reserved one whose completion is being paid. A reservation past its
 * deadline counts until the sweep frees it. What was raised is the ledger's net, moved by the
 * rows each transaction adds: a deposit refunded after its plot was completed is no longer
 * raised, whatever the plot shows.
 */
import type { Cell } from './cell';
import type { LedgerEntry } from './ledger';
import { ledgerNetCents } from './ledger-summary';
import { PLOT_PRICE_CENTS } from './money';

export interface ProgressCounts {
  plots_bought: number;
  plots_reserved: number;
  raised_cents: number;
}

export const NO_PROGRESS: ProgressCounts = { plots_bought: 0, plots_reserved: 0, raised_cents: 0 };

/** What one stored plot adds to the plot counts (it raises nothing: the ledger does). */
export function progressOf(cell: Cell | null): ProgressCounts {
  if (cell?.status === 'bought') return { plots_bought: 1, plots_reserved: 0, raised_cents: 0 };
  const depositPaid =
    cell?.status === 'reserved' ||
    (cell?.status === 'held' && cell.hold?.kind === 'complete' && cell.user !== null);
  if (depositPaid) return { plots_bought: 0, plots_reserved: 1, raised_cents: 0 };
  return NO_PROGRESS;
}

function add(a: ProgressCounts, b: ProgressCounts, sign: 1 | -1 = 1): ProgressCounts {
  return {
    plots_bought: a.plots_bought + sign * b.plots_bought,
    plots_reserved: a.plots_reserved + sign * b.plots_reserved,
    raised_cents: a.raised_cents + sign * b.raised_cents,
  };
}

/** The progress of a whole store of plots and its ledger: what a recount finds. */
export function recountProgress(
  cells: Iterable<Cell>,
  ledger: readonly Pick<LedgerEntry, 'amount_cents'>[],
): ProgressCounts {
  let total = NO_PROGRESS;
  for (const cell of cells) total = add(total, progressOf(cell));
  return { ...total, raised_cents: ledgerNetCents(ledger) };
}

/**
 * How far one transaction moves the progress: its plot changes (`before` null: a new plot) and
 * the ledger rows it adds.
 */
export function progressDifference(
  changes: ReadonlyArray<{ before: Cell | null; after: Cell }>,
  ledger: readonly Pick<LedgerEntry, 'amount_cents'>[],
): ProgressCounts {
  let difference = NO_PROGRESS;
  for (const { before, after } of changes) {
    difference = add(add(difference, progressOf(after)), progressOf(before), -1);
  }
  return { ...difference, raised_cents: ledgerNetCents(ledger) };
}

export function isNoProgress(counts: ProgressCounts): boolean {
  return counts.plots_bought === 0 && counts.plots_reserved === 0 && counts.raised_cents === 0;
}

/** What the home page shows, from the stored counts and the number of plots. */
export interface CampaignProgress {
  /** Plots bought and plots reserved with a deposit: each said apart beside the sum. */
  given: number;
  bought: number;
  reserved: number;
  total: number;
  raisedCents: number;
  goalCents: number;
  /** Of the goal, to one decimal. */
  percent: number;
}

export function campaignProgress(counts: ProgressCounts, totalPlots: number): CampaignProgress {
  const goalCents = totalPlots * PLOT_PRICE_CENTS;
  const percent = goalCents === 0 ? 0 : Math.round((counts.raised_cents / goalCents) * 1000) / 10;
  return {
    given: counts.plots_bought + counts.plots_reserved,
    bought: counts.plots_bought,
    reserved: counts.plots_reserved,
    total: totalPlots,
    raisedCents: counts.raised_cents,
    goalCents,
    percent,
  };
}

/** `campaign/progress` as stored, without `updated_at`. */
export interface ProgressDocumentData extends ProgressCounts {
  plots_total: number;
}

/** The stored document read back; null when it is missing a count (never written yet). */
export function readProgressDocument(
  data: Record<string, unknown>,
): { counts: ProgressCounts; totalPlots: number } | null {
  const { plots_bought, plots_reserved, raised_cents, plots_total } = data;
  const counts = [plots_bought, plots_reserved, raised_cents, plots_total];
  if (!counts.every((value) => Number.isSafeInteger(value) && (value as number) >= 0)) return null;
  return {
    counts: {
      plots_bought: plots_bought as number,
      plots_reserved: plots_reserved as number,
      raised_cents: raised_cents as number,
    },
    totalPlots: plots_total as number,
  };
}
