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

export function applyBatch(
  cells: ReadonlyMap<string, CellWithId>,
  batch: CellBatch,
): ReadonlyMap<string, CellWithId> {
  if (batch.changes.length === 0) return cells;
  const next = new Map(cells);
  for (const change of batch.changes) {
    if (change.type === 'remove') next.delete(change.id);
    else next.set(change.cell.id, change.cell);
  }
  return next;
}

/** `refresh` drops the listener and starts again from a new snapshot of every plot. */
export function useLiveCells(): LiveCells & { refresh: () => void } {
  const [state, setState] = useState<LiveCells>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
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
            return { status: 'live', cells: applyBatch(base, batch), lastBatch: batch };
          }),
        );
      },
      (error) => setState({ status: 'error', error }),
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
  }, [api, generation]);

  const refresh = useCallback(() => setGeneration((n) => n + 1), []);
  return { ...state, refresh };
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
