import { availableCell, parsePlotCode, type CellWithId } from '@parroquia/domain';
import { describe, expect, it } from 'vitest';
import { nextGifts, type Gift } from './latest-gifts';

const NOW = Date.UTC(2026, 10, 29, 12);
const plot = (id: string, changes: Partial<CellWithId> = {}): CellWithId => ({
  ...availableCell(parsePlotCode(id)),
  id,
  ...changes,
});
const bought = (id: string, donor: string, user = `uid-${donor}`) =>
  plot(id, { status: 'bought', user, donor_display: donor });
const reserved = (id: string, donor: string, until = NOW + 86_400_000) =>
  plot(id, {
    status: 'reserved',
    user: `uid-${donor}`,
    donor_display: donor,
    reserved_until: until,
  });
const plots = (...cells: CellWithId[]) => new Map(cells.map((cell) => [cell.id, cell]));

describe('nextGifts', () => {
  const start = plots(plot('A1'), plot('B1'), plot('C1'), bought('A2', 'Ana García'));

  it('lists nothing for the plots that were already given when the screen opened', () => {
    expect(nextGifts([], start, start, NOW)).toEqual([]);
  });

  it('puts a checkout of several plots first, as one gift, its plots in reading order', () => {
    const after = plots(bought('C1', 'K7Q2'), bought('A1', 'K7Q2'), plot('B1'), start.get('A2')!);
    const earlier: Gift[] = [{ codes: ['A2'], donor: 'Ana García', status: 'bought' }];
    expect(nextGifts(earlier, start, after, NOW)).toEqual([
      { codes: ['A1', 'C1'], donor: 'K7Q2', status: 'bought' },
      { codes: ['A2'], donor: 'Ana García', status: 'bought' },
    ]);
  });

  it('shows only donor_display: the holder uid and anything else stay out', () => {
    const after = plots(bought('A1', 'K7Q2', 'secret-uid'), plot('B1'), plot('C1'));
    const gifts = nextGifts([], start, after, NOW);
    expect(JSON.stringify(gifts)).not.toContain('secret-uid');
    expect(gifts[0]!.donor).toBe('K7Q2');
  });

  it('skips holds (nobody has paid yet) and plots sent again unchanged', () => {
    const held = plot('A1', {
      status: 'held',
      user: 'u9',
      hold: { session_id: 'cs_1', kind: 'buy', expires_at: NOW + 60_000 },
    });
    const sentAgain = bought('A2', 'Ana García');
    expect(nextGifts([], start, plots(held, plot('B1'), plot('C1'), sentAgain), NOW)).toEqual([]);
  });

  it('a reservation completed is a new gift, and leaves the older reservation gift', () => {
    const before = plots(reserved('A1', 'Ion'), reserved('B1', 'Ion'));
    const gifts: Gift[] = [{ codes: ['A1', 'B1'], donor: 'Ion', status: 'reserved' }];
    const after = plots(bought('A1', 'Ion'), before.get('B1')!);
    expect(nextGifts(gifts, before, after, NOW)).toEqual([
      { codes: ['A1'], donor: 'Ion', status: 'bought' },
      { codes: ['B1'], donor: 'Ion', status: 'reserved' },
    ]);
  });

  it('drops a plot refunded to available, and a gift left with no plot', () => {
    const before = plots(bought('A1', 'Ana García'), bought('B1', 'K7Q2'));
    const gifts: Gift[] = [
      { codes: ['B1'], donor: 'K7Q2', status: 'bought' },
      { codes: ['A1'], donor: 'Ana García', status: 'bought' },
    ];
    const after = plots(before.get('A1')!, plot('B1'));
    expect(nextGifts(gifts, before, after, NOW)).toEqual([
      { codes: ['A1'], donor: 'Ana García', status: 'bought' },
    ]);
  });

  it('drops a reservation that lapsed, though its plot was not written again', () => {
    const lapsing = reserved('A1', 'Ion', NOW + 1000);
    const cells = plots(lapsing);
    const gifts: Gift[] = [{ codes: ['A1'], donor: 'Ion', status: 'reserved' }];
    expect(nextGifts(gifts, cells, cells, NOW + 2000)).toEqual([]);
  });

  it('keeps the newest eight', () => {
    let gifts: Gift[] = [];
    let cells = plots(
      ...['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9'].map((id) => plot(id)),
    );
    for (const [index, code] of ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9'].entries()) {
      const next = new Map(cells).set(code, bought(code, `D${index}`));
      gifts = nextGifts(gifts, cells, next, NOW);
      cells = next;
    }
    expect(gifts.map((gift) => gift.codes[0])).toEqual([
      'A9',
      'A8',
      'A7',
      'A6',
      'A5',
      'A4',
      'A3',
      'A2',
    ]);
  });
});
