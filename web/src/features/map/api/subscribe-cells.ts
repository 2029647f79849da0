/**
 * The live plots (docs/architecture.md, "What a visit reads"): every plot from
 * `GET /api/cells/snapshot/`, one answer the CDN shares between visitors, then one Firestore
 * listener on the plots written after that snapshot's read time, so a visit reads from
 * Firestore only what changed. Every write of a plot stores `serverTimestamp()` in `updated_at`:
 * the time its commit request arrived, not the time it committed (production and both emulators
 * answer so). A commit that arrived before the snapshot's read but committed after it is missed by
 * the snapshot and carries a time before its read time, so the listener starts
 * `COMMIT_LATENCY_MARGIN_MS` earlier: it re-sends the few plots written in that margin (upserts of
 * their current state, harmless) and misses none, so the map is never stale.
 * The map shows the snapshot as soon as it arrives; the listener, with the Firestore SDK, joins
 * when its code has downloaded. Documents are read with the domain's `readCellDocument`, as the
 * API reads them.
 */
import { readCellDocument, type CellWithId } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient, CallAnswer } from '@/lib/api-client';
import type { OnConnection } from './cells-listener';

export type CellChange = { type: 'upsert'; cell: CellWithId } | { type: 'remove'; id: string };

export interface CellBatch {
  changes: CellChange[];
  /** `performance.now()` when the snapshot reached us, for the repaint figure of the bench. */
  receivedAt: number;
}

function readCell(id: string, data: Record<string, unknown>): CellChange[] {
  const reading = readCellDocument(id, data);
  if (reading.ok) return [{ type: 'upsert', cell: reading.cell }];
  console.warn(`cells/${id} skipped: ${reading.problem}`);
  return [];
}

interface Loading {
  api: ApiClient;
  snapshot: Promise<CallAnswer<typeof API_ROUTES.mapSnapshot>>;
  listener: Promise<typeof import('./cells-listener')>;
}

/**
 * How long before the snapshot's read time the listener starts: far longer than a commit takes
 * from its request's arrival to committing (tens of milliseconds; a plot's transactions hold
 * their locks only while they run), and short enough that a visit re-reads only the plots
 * written in those seconds (a minute re-read all 936 plots for a minute after a seed or a bulk
 * change: `npm run bench` counted 936 reads per visit).
 */
export const COMMIT_LATENCY_MARGIN_MS = 10_000;

let prefetched: Loading | undefined;
/** Maps subscribed or subscribing now. */
let subscribers = 0;

function startLoading(api: ApiClient): Loading {
  const loading: Loading = {
    api,
    snapshot: api.call(API_ROUTES.mapSnapshot, {}),
    listener: import('./cells-listener'),
  };
  // Whoever takes them reports a failure; one nobody takes is not an error, and is not kept: a
  // later map (the "try again" after the server failed) asks the server again.
  loading.snapshot.catch(() => {
    if (prefetched === loading) prefetched = undefined;
  });
  loading.listener.catch(() => {});
  return loading;
}

/**
 * Starts downloading every plot and the listener's code before the map can show, while the
 * session still loads: the next `subscribeCells` with the same client takes them. A snapshot
 * taken late is still never stale: the listener brings every change after its read time.
 */
export function prefetchCells(api: ApiClient): void {
  // A map already subscribing (a visitor's map mounts before its route's effect runs): a
  // prefetch would only read every plot a second time.
  if (subscribers > 0) return;
  prefetched ??= startLoading(api);
}

/**
 * Calls back with every plot first, then with the changes of every later snapshot; with
 * `onConnection`, also whenever the listener loses or finds the server again.
 */
export async function subscribeCells(
  api: ApiClient,
  onBatch: (batch: CellBatch) => void,
  onError: (error: Error) => void,
  onConnection?: OnConnection,
): Promise<() => void> {
  subscribers += 1;
  let subscribed = true;
  const release = () => {
    if (subscribed) subscribers -= 1;
    subscribed = false;
  };
  try {
    const stop = await subscribe(api, onBatch, onError, onConnection);
    return () => {
      release();
      stop();
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function subscribe(
  api: ApiClient,
  onBatch: (batch: CellBatch) => void,
  onError: (error: Error) => void,
  onConnection: OnConnection | undefined,
): Promise<() => void> {
  const loading = prefetched?.api === api ? prefetched : startLoading(api);
  prefetched = undefined;
  const snapshot = await loading.snapshot;
  onBatch({
    changes: snapshot.cells.flatMap((cell) => readCell(cell.id, cell)),
    receivedAt: performance.now(),
  });
  const { listenToChangesSince } = await loading.listener;
  return listenToChangesSince(
    snapshot.read_time - COMMIT_LATENCY_MARGIN_MS,
    (changed) => {
      const receivedAt = performance.now();
      // A User Timing mark: `npm run bench` measures snapshot -> repaint from it, and counts
      // the documents a visit read from Firestore.
      performance.mark('cells-snapshot', { detail: { documents: changed.length } });
      onBatch({
        changes: changed.flatMap(({ id, data }) =>
          data === null ? [{ type: 'remove' as const, id }] : readCell(id, data),
        ),
        receivedAt,
      });
    },
    onError,
    onConnection,
  );
}
