import { describe, expect, it } from 'vitest';
import { availableCell, type Cell } from './cell';
import { selectionKindOf } from './selection';

const NOW = Date.UTC(2026, 10, 22, 12, 0);
const free = availableCell({ x: 'K', y: 3 });
const reservedBy = (user: string, until = NOW + 1): Cell => ({
  ...free,
  status: 'reserved',
  user,
  donor_display: 'Ana',
  reserved_until: until,
});

describe('selection kind', () => {
  it('puts available plots in the purchase selection', () => {
    expect(selectionKindOf(free, 'ana', NOW)).toBe('purchase');
    expect(selectionKindOf(free, null, NOW)).toBe('purchase');
  });

  it("puts the caller's own live reservation in the completion selection", () => {
    expect(selectionKindOf(reservedBy('ana'), 'ana', NOW)).toBe('completion');
  });

  it("refuses bought plots, others' reservations and live holds", () => {
    expect(selectionKindOf({ ...free, status: 'bought', user: 'ana' }, 'ana', NOW)).toBeNull();
    expect(selectionKindOf(reservedBy('ion'), 'ana', NOW)).toBeNull();
    expect(selectionKindOf(reservedBy('ana'), null, NOW)).toBeNull();
    const held: Cell = {
      ...free,
      status: 'held',
      user: 'ion',
      hold: { session_id: 'cs', kind: 'buy', expires_at: NOW + 1 },
    };
    expect(selectionKindOf(held, 'ana', NOW)).toBeNull();
  });

  it('treats a lapsed reservation as available to anyone', () => {
    expect(selectionKindOf(reservedBy('ion', NOW), 'ana', NOW)).toBe('purchase');
  });
});
