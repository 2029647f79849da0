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
