/**
 * Which selection a click on a plot toggles (docs/product.md): available plots go into the buy/reserve
 * selection, the caller's own live reservations into the completion selection, anything else
 * cannot be selected.
 */
import { effectiveCell, type Cell } from './cell';

export type SelectionKind = 'purchase' | 'completion';

export function selectionKindOf(cell: Cell, uid: string | null, now: number): SelectionKind | null {
  const effective = effectiveCell(cell, now);
  if (effective.status === 'available') return 'purchase';
  if (effective.status === 'reserved' && uid !== null && effective.user === uid)
    return 'completion';
  return null;
}
