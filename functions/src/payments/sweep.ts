/**
 * The hourly sweep (`sweepPlots`): lapsed holds and reservations past their 30 days are written
 * back as available, late payments whose automatic refund failed are refunded, and sign-ups whose
 * link was never opened in time are dropped.
 */
import type { ApiDependencies } from '../ports/api-dependencies';
import { retryDueRefunds } from './stripe-events';

export interface SweepOutcome {
  /** Plot codes written back as available. */
  released: string[];
  /** Checkout Sessions whose late payment was refunded now. */
  refunded: string[];
  /** Sign-ups dropped, their link never opened. */
  signUpsDropped: number;
}

export async function sweep(
  deps: Pick<ApiDependencies, 'cells' | 'payments' | 'now' | 'signUps'>,
): Promise<SweepOutcome> {
  const released = await deps.cells.releaseLapsed(deps.now());
  const refunded = await retryDueRefunds(deps.payments);
  const signUpsDropped = await deps.signUps.dropExpired(deps.now());
  return { released, refunded, signUpsDropped };
}
