import { describe, expect, it } from 'vitest';
import type { Cell } from './cell';
import { readCellDocument, writeCellDocument } from './cell-document';

const EXPIRES = Date.UTC(2026, 10, 22, 12, 30);
/** Shaped like a Firestore Timestamp of either SDK. */
const timestamp = (millis: number) => ({
  seconds: Math.floor(millis / 1000),
  toMillis: () => millis,
});

describe('cell documents', () => {
  it('reads a held cell with its hold, the position from the id', () => {
    expect(
      readCellDocument('K3', {
        x: 'K',
        y: 3,
        status: 'held',
        user: 'donor-ana',
        donor_display: null,
        hold: { session_id: 'cs_1', kind: 'buy', expires_at: timestamp(EXPIRES) },
        updated_at: timestamp(EXPIRES - 1000),
      }),
    ).toEqual({
      ok: true,
      cell: {
        id: 'K3',
        x: 'K',
        y: 3,
        status: 'held',
        user: 'donor-ana',
        donor_display: null,
        hold: { session_id: 'cs_1', kind: 'buy', expires_at: EXPIRES },
        reserved_until: null,
      },
    });
  });

  it('reads a reservation deadline and fills missing fields with null', () => {
    const reading = readCellDocument('A1', {
      status: 'reserved',
      reserved_until: timestamp(EXPIRES),
    });
    expect(reading).toMatchObject({
      ok: true,
      cell: { user: null, donor_display: null, hold: null, reserved_until: EXPIRES },
    });
  });

  it('reads a malformed hold as none', () => {
    for (const hold of [
      { session_id: 'cs', kind: 'steal', expires_at: timestamp(EXPIRES) },
      { session_id: 'cs', kind: 'buy' },
      { kind: 'buy', expires_at: timestamp(EXPIRES) },
      'cs_1',
    ]) {
      const reading = readCellDocument('A1', { status: 'held', user: 'u', hold });
      expect(reading.ok && reading.cell.hold).toBeNull();
    }
  });

  it('refuses documents that are not plots', () => {
    expect(readCellDocument('Z1', { status: 'available' })).toEqual({
      ok: false,
      problem: 'id is not a plot code',
    });
    expect(readCellDocument('A1', { status: 'sold' })).toEqual({
      ok: false,
      problem: 'unknown status "sold"',
    });
    expect(readCellDocument('A1', {})).toEqual({ ok: false, problem: 'unknown status undefined' });
  });
});

describe('writing cell documents', () => {
  const instants = {
    instant: (millis: number): { at: number | string } => ({ at: millis }),
    serverTime: () => ({ at: 'server' }),
  };

  it('writes every field, absent ones as null, so a write replaces an old hold', () => {
    const data = writeCellDocument(
      {
        x: 'K',
        y: 3,
        status: 'available',
        user: null,
        donor_display: null,
        hold: null,
        reserved_until: null,
      },
      instants,
    );
    expect(data).toEqual({
      x: 'K',
      y: 3,
      status: 'available',
      user: null,
      donor_display: null,
      hold: null,
      reserved_until: null,
      updated_at: { at: 'server' },
    });
  });

  it('reads back what it writes', () => {
    const cell: Cell = {
      x: 'B',
      y: 7,
      status: 'held',
      user: 'u1',
      donor_display: null,
      hold: { session_id: 'chk_1', kind: 'complete', expires_at: EXPIRES },
      reserved_until: EXPIRES + 5000,
    };
    const stored = writeCellDocument(cell, {
      instant: timestamp,
      serverTime: () => timestamp(EXPIRES),
    });
    expect(readCellDocument('B7', stored as unknown as Record<string, unknown>)).toEqual({
      ok: true,
      cell: { id: 'B7', ...cell },
    });
  });
});
