/** The map's plots as everyone may see them. */
import * as z from 'zod/mini';
import { defineRoute } from './route';

/** What every answer says of a plot. */
const PLOT = {
  id: z.string(),
  x: z.string(),
  y: z.number(),
  status: z.enum(['available', 'held', 'reserved', 'bought']),
  user: z.nullable(z.string()),
  donor_display: z.nullable(z.string()),
};

/** Every plot as it is now (lapsed holds and reservations as available). */
export const listCells = defineRoute({
  method: 'GET',
  path: '/api/cells/',
  access: 'public',
  answer: z.array(z.object(PLOT)),
});

/** One stored plot as the snapshot sends it. */
export type SnapshotPlot = {
  id: string;
  x: string;
  y: number;
  status: 'available' | 'held' | 'reserved' | 'bought';
  user: string | null;
  donor_display: string | null;
  hold: { session_id: string; kind: 'buy' | 'reserve' | 'complete'; expires_at: number } | null;
  reserved_until: number | null;
};

/**
 * Every stored plot as of one read time, for the map's first paint: one answer Hosting's CDN
 * keeps for a few seconds and shares between visitors, after which the web listens only to plots
 * changed since `read_time` (docs/architecture.md, "What a visit reads"). Stored, not
 * effective: the browser reads lapsed holds as available itself, as it does for live changes.
 */
export const mapSnapshot = defineRoute({
  method: 'GET',
  path: '/api/cells/snapshot/',
  access: 'public',
  answer: z.object({
    /** Epoch milliseconds, rounded down: every change after it carries a later `updated_at`. */
    read_time: z.number(),
    /**
     * Checked here only as objects: the web reads each plot with `readCellDocument`, as it reads
     * the listener's documents (a malformed one is skipped), and checking 936 plots twice was a
     * long task on a phone's main thread (docs/architecture.md).
     */
    cells: z.array(z.custom<SnapshotPlot>((value) => typeof value === 'object' && value !== null)),
  }),
});
