/**
 * The donor's selections on the map (docs/product.md): available plots toggle in the buy/reserve
 * selection, the donor's own reservations in the completion selection, nothing else can be
 * picked. On the staff page only available plots can be picked.
 */
import { selectionKindOf, type Cell, type SelectionKind } from '@parroquia/domain';

export type SelectionMode = 'donor' | 'staff';

export interface PlotSelection {
  purchase: ReadonlySet<string>;
  completion: ReadonlySet<string>;
}

export const EMPTY_SELECTION: PlotSelection = { purchase: new Set(), completion: new Set() };

/** Which selection a plot may join, for this mode and user, at `now`. */
export function selectableAs(
  cell: Cell,
  mode: SelectionMode,
  uid: string | null,
  now: number,
): SelectionKind | null {
  const kind = selectionKindOf(cell, uid, now);
  return mode === 'staff' && kind !== 'purchase' ? null : kind;
}

export function togglePlot(
  selection: PlotSelection,
  code: string,
  kind: SelectionKind,
): PlotSelection {
  const current = selection[kind];
  const next = new Set(current);
  if (next.has(code)) next.delete(code);
  else next.add(code);
  return { ...selection, [kind]: next };
}

/**
 * Drops the plots that can no longer be in their selection (someone else took them, a
 * reservation lapsed). Returns the same object when nothing changed, and the codes dropped.
 */
export function pruneSelection(
  selection: PlotSelection,
  cells: ReadonlyMap<string, Cell>,
  mode: SelectionMode,
  uid: string | null,
  now: number,
): { selection: PlotSelection; dropped: string[] } {
  const dropped: string[] = [];
  const keep = (kind: SelectionKind) => {
    const kept = new Set<string>();
    for (const code of selection[kind]) {
      const cell = cells.get(code);
      if (cell && selectableAs(cell, mode, uid, now) === kind) kept.add(code);
      else dropped.push(code);
    }
    return kept;
  };
  if (selection.purchase.size === 0 && selection.completion.size === 0) {
    return { selection, dropped };
  }
  const purchase = keep('purchase');
  const completion = keep('completion');
  return dropped.length === 0
    ? { selection, dropped }
    : { selection: { purchase, completion }, dropped };
}

export function isSelected(selection: PlotSelection, code: string): boolean {
  return selection.purchase.has(code) || selection.completion.has(code);
}
