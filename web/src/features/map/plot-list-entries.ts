/**
 * What the list view shows (docs/screens.md): the plots that pass the filter ("available",
 * "mine" or all) and the search (a code's start, or words of the donor as the map shows them,
 * accents and case aside), grouped by row in map order.
 */
import {
  comparePlotPositions,
  plotSeenBy,
  type CellStatus,
  type CellWithId,
  type SelectionKind,
} from '@parroquia/domain';
import { selectableAs, type SelectionMode } from './selection';

export type ListFilter = 'available' | 'mine' | 'all';

export interface ListEntry {
  cell: CellWithId;
  status: CellStatus;
  donor: string | null;
  own: boolean;
  /** The selection it may join, or null when it cannot be picked. */
  kind: SelectionKind | null;
}

export interface RowGroup {
  row: number;
  entries: ListEntry[];
}

/** Lower case without accents: "Núñez" is found by "nunez". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

export function matchesSearch(entry: ListEntry, query: string): boolean {
  const folded = foldForSearch(query);
  if (folded === '') return true;
  if (entry.cell.id.toLowerCase().startsWith(folded.replace(/\s+/g, ''))) return true;
  return entry.donor !== null && foldForSearch(entry.donor).includes(folded);
}

export function listEntries(
  cells: ReadonlyMap<string, CellWithId>,
  options: {
    filter: ListFilter;
    query: string;
    mode: SelectionMode;
    uid: string | null;
    now: number;
  },
): RowGroup[] {
  const { filter, query, mode, uid, now } = options;
  const rows = new Map<number, ListEntry[]>();
  const ordered = [...cells.values()].sort((a, b) => a.y - b.y || comparePlotPositions(a, b));
  for (const cell of ordered) {
    const { cell: shown, own, donor } = plotSeenBy(cell, uid, now);
    const entry: ListEntry = {
      cell,
      status: shown.status,
      donor,
      own,
      kind: selectableAs(cell, mode, uid, now),
    };
    if (filter === 'available' && shown.status !== 'available') continue;
    if (filter === 'mine' && !own) continue;
    if (!matchesSearch(entry, query)) continue;
    const row = rows.get(cell.y) ?? [];
    row.push(entry);
    rows.set(cell.y, row);
  }
  return [...rows].map(([row, entries]) => ({ row, entries }));
}
