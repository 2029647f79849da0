/**
 * The plots as a map from code to cell, live. Unchanged cells keep their object identity from
 * one snapshot to the next, so memoised plots skip re-rendering and only changed ones repaint.
 */
import type { CellWithId } from '@parroquia/domain';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { useApiClient } from '@/lib/api-client-context';
import { subscribeCells, type CellBatch } from '../api/subscribe-cells';

export type LiveCells =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | { status: 'live'; cells: ReadonlyMap<string, CellWithId>; lastBatch: CellBatch | null };

/**
 * The plots after a batch. A plot the batch sends again as it was (the listener's margin re-sends
 * the plots written in its first seconds) keeps its object, and a batch that changes nothing
 * keeps the whole map: nothing is drawn again.
 */
export function applyBatch(
  cells: ReadonlyMap<string, CellWithId>,
  batch: CellBatch,
): ReadonlyMap<string, CellWithId> {
  let next: Map<string, CellWithId> | null = null;
  for (const change of batch.changes) {
    const id = change.type === 'remove' ? change.id : change.cell.id;
    const current = cells.get(id);
    if (change.type === 'remove' ? current === undefined : sameCell(current, change.cell)) continue;
    next ??= new Map(cells);
    if (change.type === 'remove') next.delete(id);
    else next.set(id, change.cell);
  }
  return next ?? cells;
}

function sameCell(a: CellWithId | undefined, b: CellWithId): boolean {
  return (
    a !== undefined &&
    a.status === b.status &&
    a.user === b.user &&
    a.donor_display === b.donor_display &&
    a.reserved_until === b.reserved_until &&
    a.hold?.session_id === b.hold?.session_id &&
    a.hold?.kind === b.hold?.kind &&
    a.hold?.expires_at === b.hold?.expires_at
  );
}

export interface LiveCellsOptions {
  /**
   * Also follow the listener's connection (`reconnecting`): a screen left on its own says when
   * it is catching up. Off for the map, whose listener then hears of plots only.
   */
  followConnection?: boolean;
}

/**
 * `refresh` drops the listener and starts again from a new snapshot of every plot;
 * `reconnecting`: the listener answers from its cache while the SDK reconnects (only with
 * `followConnection`).
 */
export function useLiveCells({ followConnection = false }: LiveCellsOptions = {}): LiveCells & {
  refresh: () => void;
  reconnecting: boolean;
} {
  const [state, setState] = useState<LiveCells>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const [reconnecting, setReconnecting] = useState(false);
  const api = useApiClient();

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    let first = true;
    subscribeCells(
      api,
      (batch) => {
        const replaces = first;
        first = false;
        // Nothing changed (the listener's first answer, most often): nothing to draw again.
        if (!replaces && batch.changes.length === 0) return;
        // A transition: React draws the 936 plots in slices and the page stays responsive.
        startTransition(() =>
          setState((previous) => {
            const base = replaces || previous.status !== 'live' ? new Map() : previous.cells;
            const cells = applyBatch(base, batch);
            return previous.status === 'live' && cells === previous.cells
              ? previous
              : { status: 'live', cells, lastBatch: batch };
          }),
        );
      },
      (error) => setState({ status: 'error', error }),
      followConnection ? (live) => setReconnecting(!live) : undefined,
    ).then(
      (unsubscribe) => {
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      },
      (error: unknown) =>
        setState({
          status: 'error',
          error: error instanceof Error ? error : new Error(String(error)),
        }),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [api, generation, followConnection]);

  const refresh = useCallback(() => setGeneration((n) => n + 1), []);
  return { ...state, refresh, reconnecting };
}

/** The current time, moving on every `intervalMs`, so lapsed holds show as available. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
