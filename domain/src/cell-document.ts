/**
 * `cells/{code}` documents (docs/data-model.md) read into `Cell`, for the functions and for the web
 * app's live map alike. The position comes from the document id, the plot code, which is what
 * makes a cell unique.
 */
import type { Cell, CellStatus, Hold } from './cell';
import { millisOf } from './instant';
import { isCheckoutKind } from './money';
import { tryParsePlotCode } from './plot-code';

/** A cell with its document id. */
export interface CellWithId extends Cell {
  id: string;
}

export type CellDocumentReading = { ok: true; cell: CellWithId } | { ok: false; problem: string };

const STATUSES: readonly string[] = [
  'available',
  'held',
  'reserved',
  'bought',
] satisfies CellStatus[];

export function readCellDocument(id: string, data: Record<string, unknown>): CellDocumentReading {
  const plot = tryParsePlotCode(id);
  if (!plot) return { ok: false, problem: 'id is not a plot code' };
  const status = data.status;
  if (typeof status !== 'string' || !STATUSES.includes(status)) {
    return { ok: false, problem: `unknown status ${JSON.stringify(status)}` };
  }
  return {
    ok: true,
    cell: {
      id,
      x: plot.x,
      y: plot.y,
      status: status as CellStatus,
      user: typeof data.user === 'string' ? data.user : null,
      donor_display: typeof data.donor_display === 'string' ? data.donor_display : null,
      hold: readHold(data.hold),
      reserved_until: millisOf(data.reserved_until),
      ...(data.first_reserved_until !== undefined
        ? { first_reserved_until: millisOf(data.first_reserved_until) }
        : {}),
    },
  };
}

/** A malformed hold reads as none, which the rules treat as lapsed. */
function readHold(value: unknown): Hold | null {
  if (typeof value !== 'object' || value === null) return null;
  const { session_id, kind, expires_at } = value as Record<string, unknown>;
  const expiresAt = millisOf(expires_at);
  if (typeof session_id !== 'string' || !isCheckoutKind(kind) || expiresAt === null) return null;
  return { session_id, kind, expires_at: expiresAt };
}

/**
 * How the caller's Firestore SDK stores instants: a Timestamp from epoch milliseconds, and the
 * server's clock for `updated_at`. Injected so the domain stays free of any SDK.
 */
export interface StoredInstants<T> {
  instant(millis: number): T;
  serverTime(): T;
}

/** The fields of `cells/{code}` as stored (docs/data-model.md). */
export interface CellDocumentData<T> {
  x: string;
  y: number;
  status: CellStatus;
  user: string | null;
  donor_display: string | null;
  hold: { session_id: string; kind: Hold['kind']; expires_at: T } | null;
  reserved_until: T | null;
  /** Only on a reservation staff extended (and while it is completed at a card checkout). */
  first_reserved_until?: T;
  updated_at: T;
}

/**
 * The one writer of `cells/{code}`: every place that stores a cell (seed, payment routes,
 * webhook, sweep, tests) goes through here, so the stored shape has one owner. Absent values
 * are written as null so that a write replaces the whole state, never merges with an old hold.
 */
export function writeCellDocument<T>(cell: Cell, instants: StoredInstants<T>): CellDocumentData<T> {
  return {
    x: cell.x,
    y: cell.y,
    status: cell.status,
    user: cell.user,
    donor_display: cell.donor_display,
    hold: cell.hold
      ? {
          session_id: cell.hold.session_id,
          kind: cell.hold.kind,
          expires_at: instants.instant(cell.hold.expires_at),
        }
      : null,
    reserved_until: cell.reserved_until === null ? null : instants.instant(cell.reserved_until),
    // Kept only while the plot is a reservation: whatever becomes of it next starts without.
    ...(cell.first_reserved_until != null &&
    (cell.status === 'reserved' || (cell.status === 'held' && cell.hold?.kind === 'complete'))
      ? { first_reserved_until: instants.instant(cell.first_reserved_until) }
      : {}),
    updated_at: instants.serverTime(),
  };
}
