import { describe, expect, it } from 'vitest';
import { HOLD_DURATION_MS, RESERVATION_DURATION_MS, availableCell, type Cell } from './cell';
import { applyPayment, expireReservation, releaseHold, startHold } from './cell-transitions';

const NOW = Date.UTC(2026, 10, 22, 12, 0);
const K3 = { x: 'K', y: 3 } as const;
const free = availableCell(K3);

const held = (
  kind: 'buy' | 'reserve' | 'complete',
  user = 'ana',
  expiresAt = NOW + 60_000,
): Cell => ({
  ...free,
  status: 'held',
  user,
  hold: { session_id: 'cs_1', kind, expires_at: expiresAt },
  ...(kind === 'complete' ? { donor_display: 'Ana', reserved_until: NOW + 86_400_000 } : {}),
});
const reserved = (user = 'ana', until = NOW + 86_400_000): Cell => ({
  ...free,
  status: 'reserved',
  user,
  donor_display: 'Ana',
  reserved_until: until,
});
const bought: Cell = { ...free, status: 'bought', user: 'ana', donor_display: 'Ana' };

describe('startHold', () => {
  it('holds an available plot for buying until the session expires (30 min by default)', () => {
    expect(startHold(free, { uid: 'ana', kind: 'buy', sessionId: 'cs_1' }, NOW)).toEqual({
      ok: true,
      cell: {
        ...free,
        status: 'held',
        user: 'ana',
        hold: { session_id: 'cs_1', kind: 'buy', expires_at: NOW + HOLD_DURATION_MS },
      },
    });
  });

  it('uses the session expiry it is given', () => {
    const result = startHold(
      free,
      { uid: 'ana', kind: 'reserve', sessionId: 'cs_1', expiresAt: NOW + 5 },
      NOW,
    );
    expect(result.ok && result.cell.hold).toEqual({
      session_id: 'cs_1',
      kind: 'reserve',
      expires_at: NOW + 5,
    });
  });

  it('takes a plot whose previous hold or reservation has lapsed', () => {
    const lapsedHold = held('buy', 'ion', NOW - 1);
    expect(
      startHold(lapsedHold, { uid: 'ana', kind: 'buy', sessionId: 'cs_2' }, NOW),
    ).toMatchObject({
      ok: true,
      cell: { status: 'held', user: 'ana', hold: { session_id: 'cs_2' } },
    });
    const lapsedReservation = reserved('ion', NOW);
    expect(
      startHold(lapsedReservation, { uid: 'ana', kind: 'reserve', sessionId: 'cs_2' }, NOW),
    ).toMatchObject({
      ok: true,
      cell: { status: 'held', user: 'ana', donor_display: null, reserved_until: null },
    });
  });

  it('refuses plots that are not available for buying or reserving', () => {
    const buy = { uid: 'ana', kind: 'buy', sessionId: 'cs_2' } as const;
    expect(startHold(bought, buy, NOW)).toEqual({ ok: false, reason: 'not-available' });
    expect(startHold(reserved('ion'), buy, NOW)).toEqual({ ok: false, reason: 'not-available' });
    expect(startHold(reserved('ana'), buy, NOW)).toEqual({ ok: false, reason: 'not-available' });
    expect(startHold(held('reserve', 'ion'), buy, NOW)).toEqual({
      ok: false,
      reason: 'held-by-other',
    });
    expect(startHold(held('reserve', 'ana'), buy, NOW)).toEqual({
      ok: false,
      reason: 'already-held',
    });
  });

  it("holds the caller's own reservation for completing, keeping the reservation", () => {
    const result = startHold(
      reserved('ana'),
      { uid: 'ana', kind: 'complete', sessionId: 'cs_3' },
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      cell: {
        ...reserved('ana'),
        status: 'held',
        hold: { session_id: 'cs_3', kind: 'complete', expires_at: NOW + HOLD_DURATION_MS },
      },
    });
  });

  it("refuses to complete what is not the caller's live reservation", () => {
    const complete = { uid: 'ana', kind: 'complete', sessionId: 'cs_3' } as const;
    expect(startHold(reserved('ion'), complete, NOW)).toEqual({ ok: false, reason: 'not-owner' });
    expect(startHold(free, complete, NOW)).toEqual({ ok: false, reason: 'not-reserved' });
    expect(startHold(bought, complete, NOW)).toEqual({ ok: false, reason: 'not-reserved' });
    expect(startHold(reserved('ana', NOW), complete, NOW)).toEqual({
      ok: false,
      reason: 'not-reserved',
    });
    expect(startHold(held('complete', 'ana'), complete, NOW)).toEqual({
      ok: false,
      reason: 'already-held',
    });
    expect(startHold(held('buy', 'ion'), complete, NOW)).toEqual({
      ok: false,
      reason: 'held-by-other',
    });
  });

  it('completes again once a lapsed completion hold fell back to the reservation', () => {
    const lapsed = held('complete', 'ana', NOW - 1);
    expect(
      startHold(lapsed, { uid: 'ana', kind: 'complete', sessionId: 'cs_4' }, NOW),
    ).toMatchObject({
      ok: true,
      cell: { status: 'held', hold: { session_id: 'cs_4' } },
    });
    expect(startHold(lapsed, { uid: 'ion', kind: 'buy', sessionId: 'cs_5' }, NOW)).toEqual({
      ok: false,
      reason: 'not-available',
    });
  });

  it('rejects a hold that would already be over', () => {
    expect(() =>
      startHold(free, { uid: 'ana', kind: 'buy', sessionId: 'cs_1', expiresAt: NOW }, NOW),
    ).toThrow(RangeError);
  });
});

describe('applyPayment', () => {
  const paid = { sessionId: 'cs_1', donorDisplay: 'Ana García' };

  it('turns a paid purchase into a bought plot with the donor shown', () => {
    expect(applyPayment(held('buy'), paid, NOW)).toEqual({
      ok: true,
      cell: { ...free, status: 'bought', user: 'ana', donor_display: 'Ana García' },
    });
  });

  it('turns a paid deposit into a reservation for 30 days', () => {
    expect(applyPayment(held('reserve'), paid, NOW)).toEqual({
      ok: true,
      cell: {
        ...free,
        status: 'reserved',
        user: 'ana',
        donor_display: 'Ana García',
        reserved_until: NOW + RESERVATION_DURATION_MS,
      },
    });
  });

  it('turns a paid completion into a bought plot', () => {
    expect(applyPayment(held('complete'), paid, NOW)).toEqual({
      ok: true,
      cell: { ...free, status: 'bought', user: 'ana', donor_display: 'Ana García' },
    });
  });

  it('still honours the payment when the hold lapsed but nobody took the plot', () => {
    expect(applyPayment(held('buy', 'ana', NOW - 1), paid, NOW)).toMatchObject({
      ok: true,
      cell: { status: 'bought' },
    });
  });

  it('refuses when the plot is not held by this session', () => {
    expect(applyPayment(held('buy'), { ...paid, sessionId: 'cs_other' }, NOW)).toEqual({
      ok: false,
      reason: 'hold-not-found',
    });
    expect(applyPayment(free, paid, NOW)).toEqual({ ok: false, reason: 'hold-not-found' });
    expect(applyPayment(bought, paid, NOW)).toEqual({ ok: false, reason: 'hold-not-found' });
  });
});

describe('releaseHold', () => {
  it('gives a bought or reserved hold back to everyone', () => {
    expect(releaseHold(held('buy'), 'cs_1', NOW)).toEqual({ ok: true, cell: free });
    expect(releaseHold(held('reserve'), 'cs_1', NOW)).toEqual({ ok: true, cell: free });
  });

  it("gives a completion hold back to the owner's reservation", () => {
    expect(releaseHold(held('complete'), 'cs_1', NOW)).toEqual({ ok: true, cell: reserved('ana') });
  });

  it('frees a completion hold whose reservation has run out meanwhile', () => {
    const cell = { ...held('complete'), reserved_until: NOW };
    expect(releaseHold(cell, 'cs_1', NOW)).toEqual({ ok: true, cell: free });
  });

  it('leaves alone a plot that another session holds now', () => {
    expect(releaseHold(held('buy'), 'cs_other', NOW)).toEqual({
      ok: false,
      reason: 'hold-not-found',
    });
    expect(releaseHold(bought, 'cs_1', NOW)).toEqual({ ok: false, reason: 'hold-not-found' });
  });
});

describe('expireReservation', () => {
  it('frees a reservation after its 30 days', () => {
    expect(expireReservation(reserved('ana', NOW), NOW)).toEqual({ ok: true, cell: free });
  });

  it('refuses before the deadline or on a plot that is not reserved', () => {
    expect(expireReservation(reserved('ana', NOW + 1), NOW)).toEqual({
      ok: false,
      reason: 'reservation-not-expired',
    });
    expect(expireReservation(reserved('ana', null as unknown as number), NOW)).toEqual({
      ok: false,
      reason: 'reservation-not-expired',
    });
    expect(expireReservation(bought, NOW)).toEqual({ ok: false, reason: 'not-reserved' });
  });
});
