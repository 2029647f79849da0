/**
 * What pays for a plot, read from the ledger, and what a refund does to it (docs/product.md,
 * "Refunds"). A plot is its holder's while a gift of theirs that was not given back covers it:
 * a purchase or a completed reservation for good, a deposit for its 30 days.
 */
import { RESERVATION_DURATION_MS, availableCell, effectiveCell, type Cell } from './cell';
import { isUndoingKind, type GiftKind, type LedgerRow } from './ledger';

/** One of the holder's gifts for the plot, still kept by the parish. */
export interface PlotCoverage {
  kind: GiftKind;
  /** When it was paid (epoch ms): a deposit covers for 30 days from then. */
  paidAt: number;
}

/**
 * The holder's gifts covering `plot`: their entries for it, less those whose money went back in
 * full (partial refunds leave the plot covered), and less a deposit whose reservation ended
 * before: a plot is reserved or bought only while it is for sale, so a later deposit or purchase
 * of it by the same holder means the earlier reservation had lapsed or staff had released it.
 */
export function plotCoverage(
  entries: readonly LedgerRow[],
  holder: string | null,
  plot: string,
): PlotCoverage[] {
  const refunded = new Map<string, number>();
  for (const entry of entries) {
    if (isUndoingKind(entry.kind) && entry.refund_of !== null) {
      refunded.set(entry.refund_of, (refunded.get(entry.refund_of) ?? 0) - entry.amount_cents);
    }
  }
  const gifts = entries.filter(
    (entry) => !isUndoingKind(entry.kind) && entry.donor === holder && entry.cells.includes(plot),
  );
  const takenAt = gifts.filter((g) => g.kind !== 'complete').map((g) => g.created_at);
  return gifts.flatMap((entry) => {
    if ((refunded.get(entry.id) ?? 0) >= entry.amount_cents) return [];
    if (entry.kind === 'reserve' && takenAt.some((at) => at > entry.created_at)) return [];
    return [{ kind: entry.kind as GiftKind, paidAt: entry.created_at }];
  });
}

/**
 * The cell after one of its holder's gifts was refunded, given what still covers it (the
 * refunded gift already left out), or null when it stays as it is. Only the holder's own plot
 * changes: one that went back on sale and to someone else since is not theirs to lose.
 *
 * - still covered by a purchase or a completion: stays bought;
 * - only by a deposit whose 30 days have not passed: reserved until then;
 * - by nothing: available again.
 */
export function cellAfterRefund(
  stored: Cell,
  holder: string | null,
  remaining: readonly PlotCoverage[],
  now: number,
): Cell | null {
  const cell = effectiveCell(stored, now);
  if (cell.user !== holder) return null;
  const inCompletion = cell.status === 'held' && cell.hold?.kind === 'complete';
  if (cell.status !== 'bought' && cell.status !== 'reserved' && !inCompletion) return null;

  if (remaining.some((gift) => gift.kind === 'buy' || gift.kind === 'complete')) return null;
  const deposits = remaining.filter((gift) => gift.kind === 'reserve');
  const deadline = Math.max(...deposits.map((gift) => gift.paidAt + RESERVATION_DURATION_MS));
  if (deposits.length > 0 && deadline > now) {
    if (cell.status !== 'bought') return null;
    return { ...cell, status: 'reserved', hold: null, reserved_until: deadline };
  }
  return availableCell(cell);
}

/**
 * The plots of a deposit whose reservation ended with the rest unpaid (it lapsed, or staff
 * released it): the parish keeps the deposit (docs/product.md, "Reservations"). `held` are the
 * plots the holder holds now (reserved, bought, or in a completion). A deposit given back in
 * full ended nothing kept; one completed covers a bought plot and ended nothing either.
 */
export function depositEndedPlots(
  entries: readonly LedgerRow[],
  holder: string | null,
  deposit: LedgerRow,
  held: ReadonlySet<string>,
): string[] {
  if (deposit.kind !== 'reserve') return [];
  const undone = entries
    .filter((entry) => isUndoingKind(entry.kind) && entry.refund_of === deposit.id)
    .reduce((sum, entry) => sum - entry.amount_cents, 0);
  if (undone >= deposit.amount_cents) return [];
  return deposit.cells.filter(
    (plot) =>
      !held.has(plot) ||
      !plotCoverage(entries, holder, plot).some(
        (gift) => gift.kind === 'reserve' && gift.paidAt === deposit.created_at,
      ),
  );
}
