// @vitest-environment jsdom
import { availableCell, parsePlotCode, type CellWithId } from '@parroquia/domain';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLatestGifts } from './use-latest-gifts';

const NOW = Date.UTC(2026, 10, 29, 12);
const plot = (id: string, changes: Partial<CellWithId> = {}): CellWithId => ({
  ...availableCell(parsePlotCode(id)),
  id,
  ...changes,
});
const plots = (...cells: CellWithId[]) => new Map(cells.map((cell) => [cell.id, cell]));

describe('useLatestGifts', () => {
  it('starts from the first plots it gets, then lists each plot given after them', () => {
    const first = plots(
      plot('A1'),
      plot('A2', { status: 'bought', user: 'u', donor_display: 'Ana' }),
    );
    const { result, rerender } = renderHook(
      ({ cells }: { cells: ReadonlyMap<string, CellWithId> | null }) => useLatestGifts(cells, NOW),
      { initialProps: { cells: null as ReadonlyMap<string, CellWithId> | null } },
    );
    expect(result.current).toEqual([]);
    rerender({ cells: first });
    expect(result.current).toEqual([]);
    const later = new Map(first).set(
      'A1',
      plot('A1', { status: 'bought', user: 'v', donor_display: 'K7Q2' }),
    );
    rerender({ cells: later });
    expect(result.current).toEqual([{ codes: ['A1'], donor: 'K7Q2', status: 'bought' }]);
    // Loading again (a new start after a failure): the list stays.
    rerender({ cells: null });
    expect(result.current).toEqual([{ codes: ['A1'], donor: 'K7Q2', status: 'bought' }]);
  });
});
