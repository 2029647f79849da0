/** `GET /api/cells/` (SPEC.md 7): every plot with its status, in grid order. */
import { useCallback, useEffect, useState } from 'react';
import * as z from 'zod/mini';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';

export const CELL_STATUSES = ['available', 'held', 'reserved', 'bought'] as const;
export type CellStatus = (typeof CELL_STATUSES)[number];

export const CellSchema = z.object({
  /** The plot code, e.g. `K3`. */
  id: z.string().check(z.minLength(1)),
  x: z.string(),
  y: z.int(),
  status: z.enum(CELL_STATUSES),
  user: z.nullable(z.string()),
  donor_display: z.nullable(z.string()),
});
export type Cell = z.output<typeof CellSchema>;

const CellListSchema = z.array(CellSchema);

export function getCells(client: ApiClient, signal?: AbortSignal): Promise<Cell[]> {
  return client.get('/api/cells/', CellListSchema, { signal });
}

export type CellsState =
  { status: 'loading' } | { status: 'error'; error: Error } | { status: 'success'; cells: Cell[] };

/** Loads the plots once on mount; `reload` asks again (after an error, for instance). */
export function useCells(): CellsState & { reload: () => void } {
  const client = useApiClient();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<CellsState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getCells(client, controller.signal).then(
      (cells) => setState({ status: 'success', cells }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          error: error instanceof Error ? error : new Error(String(error)),
        });
      },
    );
    return () => controller.abort();
  }, [client, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
