import { readCellDocument, type CellWithId } from '@parroquia/domain';
import { describe, expect, it } from 'vitest';
import { foldForSearch, listEntries } from './plot-list-entries';

const NOW = Date.UTC(2026, 0, 10);

function cellOf(id: string, data: Record<string, unknown> = { status: 'available' }): CellWithId {
  const reading = readCellDocument(id, data);
  if (!reading.ok) throw new Error(reading.problem);
  return reading.cell;
}

const CELLS = new Map(
  [
    cellOf('B2'),
    cellOf('A2', { status: 'bought', user: 'other', donor_display: 'Begoña Núñez' }),
    cellOf('A1'),
    cellOf('B1', { status: 'reserved', user: 'me', donor_display: 'Yo Mismo' }),
    cellOf('A10', { status: 'bought', user: 'me', donor_display: 'Yo Mismo' }),
  ].map((cell) => [cell.id, cell]),
);

const codes = (groups: ReturnType<typeof listEntries>) =>
  groups.map((group) => `${group.row}:${group.entries.map((entry) => entry.cell.id).join(',')}`);

const options = { mode: 'donor' as const, uid: 'me', now: NOW };

describe('listEntries', () => {
  it('groups by row, in map order, and filters available plots or mine', () => {
    expect(codes(listEntries(CELLS, { ...options, filter: 'all', query: '' }))).toEqual([
      '1:A1,B1',
      '2:A2,B2',
      '10:A10',
    ]);
    expect(codes(listEntries(CELLS, { ...options, filter: 'available', query: '' }))).toEqual([
      '1:A1',
      '2:B2',
    ]);
    const mine = listEntries(CELLS, { ...options, filter: 'mine', query: '' });
    expect(codes(mine)).toEqual(['1:B1', '10:A10']);
    expect(mine[0]!.entries[0]!.kind).toBe('completion');
    expect(mine[1]!.entries[0]!.kind).toBeNull();
  });

  it('searches by the start of a code or by the donor, without accents or case', () => {
    expect(codes(listEntries(CELLS, { ...options, filter: 'all', query: 'a1' }))).toEqual([
      '1:A1',
      '10:A10',
    ]);
    expect(codes(listEntries(CELLS, { ...options, filter: 'all', query: 'nunez' }))).toEqual([
      '2:A2',
    ]);
    expect(foldForSearch(' Ștefan ȚĂRANU ')).toBe('stefan taranu');
  });
});
