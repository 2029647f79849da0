/**
 * A domain `Cell` as the fields of `cells/{code}` (DESIGN.md 3): instants as Timestamps, no
 * `hold` unless held. The whole document is replaced, so nothing stale survives a move.
 */
import type { Cell } from '@parroquia/domain';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';

export function cellFields(cell: Cell): Record<string, unknown> {
  return {
    x: cell.x,
    y: cell.y,
    status: cell.status,
    user: cell.user,
    donor_display: cell.donor_display,
    ...(cell.hold
      ? { hold: { ...cell.hold, expires_at: Timestamp.fromMillis(cell.hold.expires_at) } }
      : {}),
    reserved_until: cell.reserved_until === null ? null : Timestamp.fromMillis(cell.reserved_until),
    updated_at: FieldValue.serverTimestamp(),
  };
}
