/**
 * The names donors ask prayers for, from the back office (docs/api.md, issue 30 item 3): the
 * priest's list as a PDF and as CSV, each recorded as a staff action, and one donor's names on
 * their page.
 */
import * as z from 'zod/mini';
import { COMMEMORATION_STATES } from '../commemoration';
import { certificateQuerySchema } from '../certificate-language';
import { validatePersonId, type PersonRef } from '../donor-search';
import { validateStaffReason } from '../back-office-requests';
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

/**
 * Staff take one name off a donor's list (docs/product.md, "Names remembered in prayer"): the
 * name as listed (the first entry with that name and state goes), and the reason, both kept in
 * the staff action `remove-commemoration`.
 */
export const removeCommemoration = defineRoute({
  method: 'POST',
  path: '/api/staff/commemorations/remove/',
  access: 'staff',
  body: z.object({
    id: z.string().check(z.minLength(1), z.maxLength(200)),
    name: z.string().check(z.minLength(1), z.maxLength(200)),
    state: z.enum(COMMEMORATION_STATES),
    reason: validated<string, string>(validateStaffReason),
  }),
  answer: z.object({
    names: z.array(z.object({ name: z.string(), state: z.enum(COMMEMORATION_STATES) })),
  }),
});
