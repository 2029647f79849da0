/** Staff's routes: certificate codes, physical certificates, the ledger (docs/api.md). */
import * as z from 'zod/mini';
import { validateCertificateCount } from '../certificate-count';
import { validateLedgerRange, type LedgerRange } from '../ledger';
import {
  validatePhysicalCertificateRegistration,
  type OfflinePaymentMethod,
  type PhysicalCertificateRegistration,
} from '../physical-certificate';
import { isRecord } from '../validation';
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

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, each optional, Spanish days, both ends included. */
export interface LedgerRangeQuery {
  from?: string;
  to?: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export const donationsCsv = defineRoute({
  method: 'GET',
  path: '/api/staff/donations.csv',
  access: 'staff',
  query: validated<LedgerRangeQuery, LedgerRange>((query) =>
    isRecord(query)
      ? validateLedgerRange(text(query.from), text(query.to))
      : validateLedgerRange(null, null),
  ),
  answer: 'file',
});
