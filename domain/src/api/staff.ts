/** Staff's routes: certificate codes, physical certificates, the ledger (docs/api.md). */
import * as z from 'zod/mini';
import { validateCertificateCount } from '../certificate-count';
import {
  validateLedgerFilter,
  validateLedgerListQuery,
  type LedgerFilter,
  type LedgerListQuery,
} from '../ledger-query';
import {
  validatePhysicalCertificateRegistration,
  type OfflinePaymentMethod,
  type PhysicalCertificateRegistration,
} from '../physical-certificate';
import { isRecord } from '../validation';
import { validateMonthCloseQuery, type MonthCloseQuery } from '../month-close';
import { defineRoute } from './route';
import { validated } from './validated';

/**
 * How many codes: 1 to 250 (digits in a string count). `lang` is not read: staff certificates
 * are always Spanish (docs/product.md).
 */
export interface CertificateCountBody {
  count: number | string;
  lang?: string;
}

const certificateCountBody = validated<CertificateCountBody, number>((body) =>
  validateCertificateCount(isRecord(body) ? body.count : undefined),
);

export const generateCertificatesPdf = defineRoute({
  method: 'POST',
  path: '/api/users/generate-certificates-pdf/',
  access: 'staff',
  body: certificateCountBody,
  answer: 'file',
});

export const generateJsonCodes = defineRoute({
  method: 'POST',
  path: '/api/users/generate-json-codes/',
  access: 'staff',
  body: certificateCountBody,
  answer: z.object({ codes: z.array(z.string()) }),
});

/** The staff form: the plots by code (`K3`), the donor by e-mail; absent `method` is cash. */
export interface PhysicalCertificateBody {
  email: string;
  code: string;
  name?: string | null;
  is_anonymous_donor?: boolean;
  parcelas: string[];
  reserve?: boolean;
  method?: OfflinePaymentMethod;
}

export const registerPhysicalCertificate = defineRoute({
  method: 'POST',
  path: '/api/users/register-physical-certificate/',
  access: 'staff',
  body: validated<PhysicalCertificateBody, PhysicalCertificateRegistration>(
    validatePhysicalCertificateRegistration,
  ),
  answer: z.object({
    message: z.string(),
    code: z.string(),
    status: z.enum(['bought', 'reserved']),
    /** Plot codes, e.g. `['K3']`. */
    parcelas: z.array(z.string()),
    amount_cents: z.number(),
    /**
     * False when no account with a proven address has the e-mail (none yet, or only one that
     * never verified it): the gift waits on its code (docs/product.md).
     */
    linked_to_account: z.boolean(),
  }),
});

/**
 * The ledger's filters (`domain/src/ledger-query.ts`), each optional: `from`/`to` Spanish days
 * `YYYY-MM-DD` (both included), `method`, `kind`, and `q` one search.
 */
export interface LedgerFilterQuery {
  from?: string;
  to?: string;
  method?: string;
  kind?: string;
  q?: string;
}

export const donationsCsv = defineRoute({
  method: 'GET',
  path: '/api/staff/donations.csv',
  access: 'staff',
  query: validated<LedgerFilterQuery, LedgerFilter>(validateLedgerFilter),
  answer: 'file',
});

/** The month's close for the parish council, one A4 page (docs/product.md, "The month's close"). */
export const monthClosePdf = defineRoute({
  method: 'GET',
  path: '/api/staff/month-close.pdf',
  access: 'staff',
  query: validated<{ month: string; lang?: string }, MonthCloseQuery>(validateMonthCloseQuery),
  answer: 'file',
});

/** A row that undoes a gift, or the gift a row undoes, as a list row names it. */
const relatedRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  amount_cents: z.number(),
  /** ISO instant. */
  created_at: z.string(),
});

const ledgerRowSchema = z.object({
  id: z.string(),
  /** ISO instant. */
  created_at: z.string(),
  donor: z.object({ uid: z.nullable(z.string()), name: z.string(), email: z.string() }),
  method: z.enum(['card', 'cash', 'transfer']),
  kind: z.enum(['buy', 'reserve', 'complete', 'refund', 'void']),
  amount_cents: z.number(),
  plots: z.array(z.string()),
  certificate_code: z.nullable(z.string()),
  /** Staff uid for cash and transfers; null for card payments and their refunds. */
  recorded_by: z.nullable(z.string()),
  /** A refund's or a void's gift. */
  undoes: z.nullable(relatedRowSchema),
  /** A gift's refunds and voids, oldest first. */
  undone_by: z.array(relatedRowSchema),
});

export type LedgerRowView = z.infer<typeof ledgerRowSchema>;

export const listDonations = defineRoute({
  method: 'GET',
  path: '/api/staff/donations/',
  access: 'staff',
  query: validated<LedgerFilterQuery & { cursor?: string }, LedgerListQuery>(
    validateLedgerListQuery,
  ),
  answer: z.object({
    rows: z.array(ledgerRowSchema),
    /** Where the next page starts; null on the last page. */
    next_cursor: z.nullable(z.string()),
    /** Of every row the filter finds, not only this page's. */
    totals: z.object({
      rows: z.number(),
      given_cents: z.number(),
      refunded_cents: z.number(),
      net_cents: z.number(),
    }),
  }),
});
