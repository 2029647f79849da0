/**
 * The hourly sweep (`sweepPlots`): lapsed holds and reservations past their 30 days are written
 * back as available, and late payments whose automatic refund failed are refunded.
 */
import type { ApiDependencies } from '../ports';
import { retryDueRefunds } from './stripe-events';

export interface SweepOutcome {
  /** Plot codes written back as available. */
  released: string[];
  /** Checkout Sessions whose late payment was refunded now. */
  refunded: string[];
}

export async function sweep(
  deps: Pick<ApiDependencies, 'cells' | 'payments' | 'now'>,
): Promise<SweepOutcome> {
  const released = await deps.cells.releaseLapsed(deps.now());
  const refunded = await retryDueRefunds(deps.payments);
  return { released, refunded };
}
