/**
 * The record of staff actions (docs/api.md, issue 32 part 7) and the filled-in paper certificate
 * of a registration, whose printing is one of those actions.
 */
import * as z from 'zod/mini';
import { STAFF_ACTION_KINDS } from '../settlement/decision';
import {
  validateFilledCertificateRequest,
  validateStaffActionsPage,
  type StaffActionsPage,
} from '../staff-action-requests';
import { defineRoute } from './route';
import { validated } from './validated';

/** `?cursor=<id of the last action seen>&kind=<kind>`, each optional. */
export interface StaffActionsQuery {
  cursor?: string;
  kind?: string;
}

/** A plot as the action found it, or left it. */
const plotStateSchema = z.object({
  plot: z.string(),
  status: z.string(),
  user: z.nullable(z.string()),
  /** ISO instant, for a reservation. */
  reserved_until: z.nullable(z.string()),
});

const staffActionSchema = z.object({
  id: z.string(),
  action: z.enum(STAFF_ACTION_KINDS),
  /** ISO instant. */
  at: z.string(),
  /** Who did it: the account and, as Auth knows them, the name and e-mail ('' when none). */
  staff: z.object({ uid: z.string(), name: z.string(), email: z.string() }),
  reason: z.nullable(z.string()),
  plots: z.array(z.string()),
  /** Ledger rows the action wrote. */
  donations: z.array(z.string()),
  before: z.array(plotStateSchema),
  after: z.array(plotStateSchema),
  /**
   * What it moved in the ledger (`staffActionMoney`), null when it wrote no row: the amount
   * (negative for a refund or void), the way of paying, the donor, the certificate.
   */
  money: z.nullable(
    z.object({
      amount_cents: z.number(),
      method: z.nullable(z.enum(['card', 'cash', 'transfer'])),
      donor: z.object({ name: z.string(), email: z.string() }),
      certificate_code: z.nullable(z.string()),
    }),
  ),
  details: z.nullable(
    z.object({
      count: z.optional(z.number()),
      codes: z.optional(z.array(z.string())),
      code: z.optional(z.string()),
      query: z.optional(z.record(z.string(), z.string())),
      rows: z.optional(z.number()),
    }),
  ),
});

export type StaffActionView = z.infer<typeof staffActionSchema>;

/** How many actions one page lists. */
export const STAFF_ACTIONS_PAGE_SIZE = 50;

export const listStaffActions = defineRoute({
  method: 'GET',
  path: '/api/staff/actions/',
  access: 'staff',
  query: validated<StaffActionsQuery, StaffActionsPage>(validateStaffActionsPage),
  answer: z.object({
    /** Newest first. */
    actions: z.array(staffActionSchema),
    /** The `cursor` of the next page; null on the last one. */
    next_cursor: z.nullable(z.string()),
  }),
});

export interface FilledCertificateBody {
  code: string;
}

export const printFilledCertificate = defineRoute({
  method: 'POST',
  path: '/api/staff/certificates/filled-pdf/',
  access: 'staff',
  body: validated<FilledCertificateBody, string>(validateFilledCertificateRequest),
  answer: 'file',
});
