import { describe, expect, it } from 'vitest';
import { availableCell, type Cell } from './cell';
import type { CellWithId } from './cell-document';
import {
  plotsBoughtBy,
  plotsHeldBy,
  renamedPlots,
  reservationEndOf,
  showsDonorName,
} from './donor-plots';
import { parsePlotCode } from './plot-code';

const NOW = Date.UTC(2026, 10, 22, 12);
const cell = (code: string, change: Partial<Cell>): CellWithId => ({
  id: code,
  ...availableCell(parsePlotCode(code)),
  ...change,
});

const cells = [
  cell('K3', { status: 'bought', user: 'ana' }),
  cell('B2', { status: 'bought', user: 'ana' }),
  cell('B10', { status: 'reserved', user: 'ana', reserved_until: NOW + 1 }),
  cell('C1', { status: 'reserved', user: 'ana', reserved_until: NOW - 1 }),
  cell('D1', {
    status: 'held',
    user: 'ana',
    hold: { session_id: 's', kind: 'buy', expires_at: NOW + 1 },
  }),
  cell('E1', { status: 'bought', user: 'ion' }),
];

describe("a donor's plots", () => {
  it("a reservation ends at the earliest end of the plots still reserved, not another's or a bought one's", () => {
    const mine = [
      ...cells,
      cell('F1', { status: 'reserved', user: 'ana', reserved_until: NOW + 5 }),
      cell('F2', { status: 'reserved', user: 'ion', reserved_until: NOW + 2 }),
    ];
    expect(reservationEndOf(mine, ['B10', 'F1', 'F2', 'K3'], 'ana', NOW)).toBe(NOW + 1);
    expect(reservationEndOf(mine, ['F1', 'F2'], 'ana', NOW)).toBe(NOW + 5);
    // Lapsed (C1) or completed since (K3): nothing reserved is left to end.
    expect(reservationEndOf(mine, ['C1', 'K3'], 'ana', NOW)).toBeNull();
  });

  it('held: bought and live reservations, in map order', () => {
    expect(plotsHeldBy(cells, 'ana', NOW).map((c) => c.id)).toEqual(['B2', 'B10', 'K3']);
  });

  it('bought: only what the certificate lists', () => {
    expect(plotsBoughtBy(cells, 'ana', NOW).map((c) => c.id)).toEqual(['B2', 'K3']);
    expect(plotsBoughtBy(cells, 'nobody', NOW)).toEqual([]);
  });

  it('shows the name on bought and reserved plots, not on holds or lapsed reservations', () => {
    const shows = cells.filter((c) => showsDonorName(c, 'ana', NOW)).map((c) => c.id);
    expect(shows).toEqual(['K3', 'B2', 'B10']);
  });
});

describe('showsDonorName and a completion checkout', () => {
  it('counts the owner’s reservation inside its completion checkout, not a hold to buy', () => {
    const now = Date.UTC(2026, 10, 24);
    const reservation = {
      ...availableCell({ x: 'V', y: 32 }),
      status: 'held' as const,
      user: 'ana',
      donor_display: 'Ana',
      reserved_until: now + 86_400_000,
      hold: { session_id: 'chk_1', kind: 'complete' as const, expires_at: now + 60_000 },
    };
    expect(showsDonorName(reservation, 'ana', now)).toBe(true);
    const buying = { ...reservation, hold: { ...reservation.hold, kind: 'buy' as const } };
    expect(showsDonorName(buying, 'ana', now)).toBe(false);
  });
});

describe('renamedPlots', () => {
  it('rewrites only the donor’s shown plots whose display differs', () => {
    const now = Date.UTC(2026, 10, 24);
    const own = (code: string, display: string) => ({
      id: code,
      ...availableCell(parsePlotCode(code)),
      status: 'bought' as const,
      user: 'ana',
      donor_display: display,
    });
    const cells = [own('K3', 'Ana'), own('K4', 'ANA7K3QZ'), { ...own('K5', 'Ana'), user: 'ion' }];
    expect(renamedPlots(cells, 'ana', 'ANA7K3QZ', now)).toEqual([
      { ...cells[0], donor_display: 'ANA7K3QZ' },
    ]);
  });
});
