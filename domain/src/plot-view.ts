/**
 * A plot as one viewer sees it (a privacy rule: docs/product.md, "Anonymity"): its state now
 * (a lapsed hold or reservation is for sale), whether it is the viewer's own, and the name it
 * shows, which is only ever the holder's display (an anonymous donor's code, never a name) and
 * only for a plot reserved or bought. The map, its list and a plot's details all read this.
 */
import { effectiveCell, type Cell } from './cell';

export interface PlotView {
  /** The cell as it is at `now`. */
  cell: Cell;
  /** Held, reserved or bought by the viewer (`uid`; a visitor has none). */
  own: boolean;
  /** The holder's display, for a plot reserved or bought; null otherwise. */
  donor: string | null;
}

export function plotSeenBy(stored: Cell, uid: string | null, now: number): PlotView {
  const cell = effectiveCell(stored, now);
  return {
    cell,
    own: uid !== null && cell.user === uid && cell.status !== 'available',
    donor: cell.status === 'reserved' || cell.status === 'bought' ? cell.donor_display : null,
  };
}
