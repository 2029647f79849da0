/** The map's plots as everyone may see them (the web listens to Firestore instead). */
import * as z from 'zod/mini';
import { defineRoute } from './route';

export const listCells = defineRoute({
  method: 'GET',
  path: '/api/cells/',
  access: 'public',
  answer: z.array(
    z.object({
      id: z.string(),
      x: z.string(),
      y: z.number(),
      status: z.enum(['available', 'held', 'reserved', 'bought']),
      user: z.nullable(z.string()),
      donor_display: z.nullable(z.string()),
    }),
  ),
});

/**
 * Every stored plot as of one read time, for the map's first paint: one answer Hosting's CDN
 * keeps for a few seconds and shares between visitors, after which the web listens only to plots
 * changed since `read_time` (docs/architecture.md, "How a visit is served"). Stored, not
 * effective: the browser reads lapsed holds as available itself, as it does for live changes.
 */
export const mapSnapshot = defineRoute({
  method: 'GET',
  path: '/api/cells/snapshot/',
  access: 'public',
  answer: z.object({
    /** Epoch milliseconds, rounded down: every change after it carries a later `updated_at`. */
    read_time: z.number(),
    cells: z.array(
      z.object({
        id: z.string(),
        x: z.string(),
        y: z.number(),
        status: z.enum(['available', 'held', 'reserved', 'bought']),
        user: z.nullable(z.string()),
        donor_display: z.nullable(z.string()),
        hold: z.nullable(
          z.object({
            session_id: z.string(),
            kind: z.enum(['buy', 'reserve', 'complete']),
            expires_at: z.number(),
          }),
        ),
        reserved_until: z.nullable(z.number()),
      }),
    ),
  }),
});
