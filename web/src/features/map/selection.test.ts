import { availableCell, type Cell } from '@parroquia/domain';
import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, pruneSelection, selectableAs, togglePlot } from './selection';

const NOW = Date.UTC(2026, 0, 10);
const cell = (code: string, fields: Partial<Cell> = {}): Cell => ({
  ...availableCell({ x: code[0] as Cell['x'], y: Number(code.slice(1)) }),
  ...fields,
});
const held = (user: string, expiresAt: number, kind: 'buy' | 'complete' = 'buy') => ({
  status: 'held' as const,
  user,
  hold: { session_id: 'cs_1', kind, expires_at: expiresAt },
});

describe('selectableAs (docs/product.md)', () => {
  it('puts available plots in the purchase selection', () => {
    expect(selectableAs(cell('A1'), 'donor', 'me', NOW)).toBe('purchase');
  });

  it('puts only my own reservations in the completion selection', () => {
    const mine = cell('A2', { status: 'reserved', user: 'me', donor_display: 'Yo' });
    const theirs = cell('A3', { status: 'reserved', user: 'other', donor_display: 'Ana' });
    expect(selectableAs(mine, 'donor', 'me', NOW)).toBe('completion');
    expect(selectableAs(theirs, 'donor', 'me', NOW)).toBeNull();
  });

  it('never selects bought plots or live holds, but a lapsed hold counts as available', () => {
    expect(
      selectableAs(cell('A4', { status: 'bought', user: 'x' }), 'donor', 'me', NOW),
    ).toBeNull();
    expect(selectableAs(cell('A5', held('x', NOW + 60_000)), 'donor', 'me', NOW)).toBeNull();
    expect(selectableAs(cell('A6', held('x', NOW - 1)), 'donor', 'me', NOW)).toBe('purchase');
  });

  it('on the staff page only available plots can be picked', () => {
    const mine = cell('A2', { status: 'reserved', user: 'me' });
    expect(selectableAs(mine, 'staff', 'me', NOW)).toBeNull();
    expect(selectableAs(cell('A1'), 'staff', null, NOW)).toBe('purchase');
  });
});

describe('togglePlot', () => {
  it('adds and removes a plot in its own selection only', () => {
    const once = togglePlot(EMPTY_SELECTION, 'K3', 'purchase');
    expect([...once.purchase]).toEqual(['K3']);
    expect(once.completion.size).toBe(0);
    expect(togglePlot(once, 'K3', 'purchase').purchase.size).toBe(0);
    expect(EMPTY_SELECTION.purchase.size).toBe(0);
  });
});

describe('pruneSelection', () => {
  it('drops plots that someone else took and keeps the rest, unchanged object when nothing drops', () => {
    let selection = togglePlot(EMPTY_SELECTION, 'A1', 'purchase');
    selection = togglePlot(selection, 'A2', 'purchase');
    selection = togglePlot(selection, 'B1', 'completion');
    const cells = new Map<string, Cell>([
      ['A1', cell('A1')],
      ['A2', cell('A2', held('other', NOW + 60_000))],
      ['B1', cell('B1', { status: 'reserved', user: 'me' })],
    ]);
    const pruned = pruneSelection(selection, cells, 'donor', 'me', NOW);
    expect(pruned.dropped).toEqual(['A2']);
    expect([...pruned.selection.purchase]).toEqual(['A1']);
    expect([...pruned.selection.completion]).toEqual(['B1']);

    const again = pruneSelection(pruned.selection, cells, 'donor', 'me', NOW);
    expect(again.selection).toBe(pruned.selection);
    expect(again.dropped).toEqual([]);
  });

  it('drops a plot whose document disappeared', () => {
    const selection = togglePlot(EMPTY_SELECTION, 'C9', 'purchase');
    expect(pruneSelection(selection, new Map(), 'donor', 'me', NOW).dropped).toEqual(['C9']);
  });
});
