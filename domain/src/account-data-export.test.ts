import { describe, expect, it } from 'vitest';
import { exportedPlots, giftsAndRefunds, type ExportedLedgerRow } from './account-data-export';
import { availableCell } from './cell';
import type { CellWithId } from './cell-document';
import { parsePlotCode } from './plot-code';

const NOW = Date.UTC(2026, 10, 29, 10, 0);
const DAY = 24 * 60 * 60 * 1000;

const plot = (code: string, fields: Partial<CellWithId>): CellWithId => ({
  ...availableCell(parsePlotCode(code)),
  id: code,
  ...fields,
});

describe('exportedPlots: the donor’s plots in her copy of her data', () => {
  it('lists those she holds now (plotsHeldBy), a reservation with its deadline as an ISO instant', () => {
    const cells = [
      plot('A2', { status: 'reserved', user: 'u-ana', reserved_until: NOW + 3 * DAY }),
      plot('A1', { status: 'bought', user: 'u-ana' }),
      plot('A3', { status: 'reserved', user: 'u-ana', reserved_until: NOW - 1 }),
    ];
    expect(exportedPlots(cells, 'u-ana', NOW)).toEqual([
      { plot: 'A1', status: 'bought', reserved_until: null },
      { plot: 'A2', status: 'reserved', reserved_until: new Date(NOW + 3 * DAY).toISOString() },
    ]);
  });
});

describe('giftsAndRefunds', () => {
  const row = (id: string, amount_cents: number): ExportedLedgerRow => ({
    id,
    kind: amount_cents > 0 ? 'buy' : 'refund',
    method: 'card',
    amount_cents,
    plots: ['A1'],
    date: new Date(NOW).toISOString(),
    name: 'Ana',
    email: 'ana@example.test',
    refund_of: null,
    certificate_code: null,
  });

  it('splits her rows by sign, keeping their order', () => {
    const rows = [row('g1', 25_000), row('r1', -25_000), row('g2', 5_000)];
    expect(giftsAndRefunds(rows)).toEqual({ gifts: [rows[0], rows[2]], refunds: [rows[1]] });
  });
});
