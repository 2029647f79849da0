import { describe, expect, it } from 'vitest';
import {
  HOLD_DURATION_MS,
  RESERVATION_DURATION_MS,
  availableCell,
  effectiveCell,
  effectiveStatus,
  sweptCell,
  type Cell,
} from './cell';

const NOW = Date.UTC(2026, 10, 22, 12, 0);
const K3 = { x: 'K', y: 3 } as const;

const heldFor = (
  kind: 'buy' | 'reserve' | 'complete',
  expiresAt: number,
  extra: Partial<Cell> = {},
): Cell => ({
  ...availableCell(K3),
  status: 'held',
  user: 'ana',
  hold: { session_id: 'cs_1', kind, expires_at: expiresAt },
  ...extra,
});

const reservedUntil = (until: number | null): Cell => ({
  ...availableCell(K3),
  status: 'reserved',
  user: 'ana',
  donor_display: 'Ana',
  reserved_until: until,
});

describe('effective status', () => {
  it('keeps available and bought plots as they are', () => {
    const bought: Cell = {
      ...availableCell(K3),
      status: 'bought',
      user: 'ana',
      donor_display: 'Ana',
    };
    expect(effectiveCell(bought, NOW)).toBe(bought);
    expect(effectiveStatus(availableCell(K3), NOW)).toBe('available');
  });

  it('keeps a live hold until its last millisecond', () => {
    expect(effectiveStatus(heldFor('buy', NOW + HOLD_DURATION_MS), NOW)).toBe('held');
    expect(effectiveStatus(heldFor('buy', NOW + 1), NOW)).toBe('held');
  });

  it('counts a hold past its expiry as available, with nobody holding it', () => {
    for (const kind of ['buy', 'reserve'] as const) {
      expect(effectiveCell(heldFor(kind, NOW), NOW)).toEqual(availableCell(K3));
      expect(effectiveCell(heldFor(kind, NOW - 60_000), NOW)).toEqual(availableCell(K3));
    }
  });

  it("counts a lapsed completion hold as the owner's reservation again", () => {
    const until = NOW + 5 * 24 * 3600_000;
    const cell = heldFor('complete', NOW - 1, { donor_display: 'Ana', reserved_until: until });
    expect(effectiveCell(cell, NOW)).toEqual({ ...reservedUntil(until) });
  });

  it('frees a lapsed completion hold whose reservation has also run out', () => {
    const cell = heldFor('complete', NOW - 1, { donor_display: 'Ana', reserved_until: NOW - 1 });
    expect(effectiveCell(cell, NOW)).toEqual(availableCell(K3));
  });

  it('treats a held plot without a hold (damaged data) as available', () => {
    expect(effectiveStatus({ ...availableCell(K3), status: 'held', user: 'ana' }, NOW)).toBe(
      'available',
    );
  });

  it('keeps a reservation for its 30 days and frees it afterwards', () => {
    const until = NOW + RESERVATION_DURATION_MS;
    expect(effectiveStatus(reservedUntil(until), until - 1)).toBe('reserved');
    expect(effectiveCell(reservedUntil(until), until)).toEqual(availableCell(K3));
  });

  it('keeps a reservation without a recorded deadline', () => {
    expect(effectiveStatus(reservedUntil(null), NOW + 10 * RESERVATION_DURATION_MS)).toBe(
      'reserved',
    );
  });
});

describe('sweep', () => {
  it('writes back only cells whose stored state has lapsed', () => {
    expect(sweptCell(availableCell(K3), NOW)).toBeNull();
    expect(sweptCell(heldFor('buy', NOW + 1), NOW)).toBeNull();
    expect(sweptCell(heldFor('buy', NOW - 1), NOW)).toEqual(availableCell(K3));
    expect(sweptCell(reservedUntil(NOW - 1), NOW)).toEqual(availableCell(K3));
  });
});
