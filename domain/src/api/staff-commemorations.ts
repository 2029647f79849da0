/**
 * The names donors ask prayers for, from the back office (docs/api.md, issue 30 item 3): the
 * priest's list as a PDF and as CSV, each recorded as a staff action, and one donor's names on
 * their page.
 */
import * as z from 'zod/mini';
import { COMMEMORATION_STATES } from '../commemoration';
import { certificateQuerySchema } from '../certificate-language';
import { validatePersonId, type PersonRef } from '../donor-search';
import { defineRoute } from './route';
import { validated } from './validated';

/** `{ lang: es | ro }` (en and es-ES are read as es): the language of the list's headings. */
export const printCommemorations = defineRoute({
  method: 'POST',
  path: '/api/staff/commemorations/pdf/',
  access: 'staff',
  body: certificateQuerySchema,
  answer: 'file',
});

export const exportCommemorations = defineRoute({
  method: 'POST',
  path: '/api/staff/commemorations/csv/',
  access: 'staff',
  answer: 'file',
});

export const donorCommemorations = defineRoute({
  method: 'GET',
  path: '/api/staff/donors/commemorations/',
  access: 'staff',
  query: validated<{ id: string }, PersonRef>(validatePersonId),
  answer: z.object({
    names: z.array(z.object({ name: z.string(), state: z.enum(COMMEMORATION_STATES) })),
    on_certificate: z.boolean(),
    updated_at: z.nullable(z.string()),
  }),
});
