import { availableCell, parsePlotCode, type CellWithId } from '@parroquia/domain';
import { describe, expect, it } from 'vitest';
import { applyBatch } from './use-live-cells';

const plot = (id: string, changes: Partial<CellWithId> = {}): CellWithId => ({
  ...availableCell(parsePlotCode(id)),
  id,
  ...changes,
});

const batch = (changes: Parameters<typeof applyBatch>[1]['changes']) => ({
  changes,
  receivedAt: 0,
});

describe('applyBatch', () => {
  const cells = new Map([
    ['A1', plot('A1')],
    ['A2', plot('A2', { status: 'bought', user: 'u1', donor_display: 'Ana' })],
  ]);

  it('keeps the same map when the batch sends the plots again as they were', () => {
    const again = batch([
      { type: 'upsert', cell: plot('A1') },
      { type: 'upsert', cell: plot('A2', { status: 'bought', user: 'u1', donor_display: 'Ana' }) },
      { type: 'remove', id: 'Z9' },
    ]);
    expect(applyBatch(cells, again)).toBe(cells);
  });

  it('replaces only the plots that changed, keeping the others by identity', () => {
    const held = plot('A1', {
      status: 'held',
      user: 'u2',
      hold: { session_id: 'cs_1', kind: 'buy', expires_at: 1 },
    });
    const next = applyBatch(cells, batch([{ type: 'upsert', cell: held }]));
    expect(next).not.toBe(cells);
    expect(next.get('A1')).toBe(held);
    expect(next.get('A2')).toBe(cells.get('A2'));
  });

  it('sees a change inside the hold alone', () => {
    const hold = { session_id: 'cs_1', kind: 'buy', expires_at: 1 } as const;
    const before = new Map([['A1', plot('A1', { status: 'held', user: 'u2', hold })]]);
    const later = plot('A1', { status: 'held', user: 'u2', hold: { ...hold, expires_at: 2 } });
    expect(applyBatch(before, batch([{ type: 'upsert', cell: later }])).get('A1')).toBe(later);
  });

  it('removes a plot that is there, and adds one that was not', () => {
    const added = plot('B1');
    const next = applyBatch(
      cells,
      batch([
        { type: 'remove', id: 'A1' },
        { type: 'upsert', cell: added },
      ]),
    );
    expect([...next.keys()]).toEqual(['A2', 'B1']);
  });
});
