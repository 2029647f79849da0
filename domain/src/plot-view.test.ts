import { describe, expect, it } from 'vitest';
import { availableCell, type Cell } from './cell';
import { plotSeenBy } from './plot-view';

const NOW = Date.UTC(2026, 10, 28, 12);
const base = availableCell({ x: 'K', y: 3 });
const held = (fields: Partial<Cell>): Cell => ({ ...base, ...fields });

describe('plotSeenBy', () => {
  it('shows the holder display of a plot reserved or bought, to anyone; own only to its holder', () => {
    const bought = held({ status: 'bought', user: 'ana', donor_display: 'Ana García' });
    expect(plotSeenBy(bought, 'ana', NOW)).toMatchObject({ own: true, donor: 'Ana García' });
    expect(plotSeenBy(bought, 'bea', NOW)).toMatchObject({ own: false, donor: 'Ana García' });
    expect(plotSeenBy(bought, null, NOW)).toMatchObject({ own: false, donor: 'Ana García' });
  });

  it('shows no name for a plot being paid for, nor for a reservation past its deadline', () => {
    const paying = held({
      status: 'held',
      user: 'ana',
      donor_display: 'Ana García',
      hold: { kind: 'buy', session_id: 'cs_1', expires_at: NOW + 60_000 },
    });
    expect(plotSeenBy(paying, 'bea', NOW)).toMatchObject({ donor: null });
    expect(plotSeenBy(paying, 'ana', NOW).own).toBe(true);
    const lapsed = held({
      status: 'reserved',
      user: 'ana',
      donor_display: 'Ana García',
      reserved_until: NOW - 1,
    });
    const seen = plotSeenBy(lapsed, 'ana', NOW);
    expect(seen.cell.status).toBe('available');
    expect(seen).toMatchObject({ own: false, donor: null });
  });
});
