/**
 * A plot's state, as stored in `cells/{code}` (docs/data-model.md, docs/product.md). Instants are epoch
 * milliseconds so that the rules stay free of any SDK's timestamp type.
 */
import type { PlotPosition } from './grid';
import type { CheckoutKind } from './money';

export type CellStatus = 'available' | 'held' | 'reserved' | 'bought';

export const HOLD_DURATION_MS = 30 * 60 * 1000;
export const RESERVATION_DURATION_MS = 30 * 24 * 60 * 60 * 1000;

/** A plot inside someone's open Checkout Session; it lapses with the session. */
export interface Hold {
  session_id: string;
  kind: CheckoutKind;
  expires_at: number;
}

export interface Cell extends PlotPosition {
  status: CellStatus;
  /** uid of the holder (held, reserved, bought), else null. */
  user: string | null;
  /** The donor's name, or their personal code when anonymous, else null. */
  donor_display: string | null;
  hold: Hold | null;
  /** End of the reservation's 30 days; null when the plot is not reserved. */
  reserved_until: number | null;
  /**
   * The deadline the reservation had before staff first extended it: every extension together
   * reaches at most `RESERVATION_EXTENSION_MAX_DAYS` past it. Absent until the first extension,
   * and never kept once the plot is no longer reserved.
   */
  first_reserved_until?: number | null;
}

export function availableCell(plot: PlotPosition): Cell {
  return {
    x: plot.x,
    y: plot.y,
    status: 'available',
    user: null,
    donor_display: null,
    hold: null,
    reserved_until: null,
  };
}

export function isHoldLive(hold: Hold, now: number): boolean {
  return now < hold.expires_at;
}

/** A reservation without a recorded deadline never lapses on its own. */
export function isReservationLive(cell: Pick<Cell, 'reserved_until'>, now: number): boolean {
  return cell.reserved_until === null || now < cell.reserved_until;
}

/**
 * The cell as everyone must treat it at `now`: a lapsed hold no longer holds the plot (a lapsed
 * completion hold leaves the owner's reservation), and a lapsed reservation frees it. Correctness
 * never waits for the sweep that writes this back.
 */
export function effectiveCell(cell: Cell, now: number): Cell {
  switch (cell.status) {
    case 'available':
    case 'bought':
      return cell;
    case 'held': {
      if (cell.hold && isHoldLive(cell.hold, now)) return cell;
      if (cell.hold?.kind === 'complete' && cell.user !== null) {
        return effectiveCell({ ...cell, status: 'reserved', hold: null }, now);
      }
      return availableCell(cell);
    }
    case 'reserved':
      return isReservationLive(cell, now) ? cell : availableCell(cell);
  }
}

export function effectiveStatus(cell: Cell, now: number): CellStatus {
  return effectiveCell(cell, now).status;
}

/**
 * What the sweep should write back, or null when the stored cell is already what it effectively
 * is.
 */
export function sweptCell(cell: Cell, now: number): Cell | null {
  const effective = effectiveCell(cell, now);
  return effective === cell ? null : effective;
}
