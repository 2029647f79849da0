/**
 * The donors' side of the back office (docs/api.md, issue 32 parts 3 and 6): find a donor, read
 * their page, and give back (part of) a card gift through Stripe.
 */
import * as z from 'zod/mini';
import { validateRefundRequest, type RefundRequest } from '../back-office-requests';
import {
  validateDonorSearch,
  validatePersonId,
  type DonorSearch,
  type PersonRef,
} from '../donor-search';
import { defineRoute } from './route';
import { validated } from './validated';

const foundSchema = z.object({
  /** The page's id: the uid, or `email:<address>` for a person without an account. */
  id: z.string(),
  uid: z.nullable(z.string()),
  name: z.string(),
  email: z.string(),
  personal_code: z.nullable(z.string()),
  /** What the search matched: `name`, `email`, `personal_code`, `certificate_code`, `plot`. */
  matched: z.string(),
});
export type DonorFound = z.infer<typeof foundSchema>;

export const searchDonors = defineRoute({
  method: 'GET',
  path: '/api/staff/donors/',
  access: 'staff',
  query: validated<{ q: string }, DonorSearch>(validateDonorSearch),
  answer: z.object({ donors: z.array(foundSchema) }),
});

const ledgerLineSchema = z.object({
  id: z.string(),
  /** ISO instant. */
  created_at: z.string(),
  method: z.string(),
  kind: z.string(),
  amount_cents: z.number(),
  cells: z.array(z.string()),
  /** For a refund or void: the row it undoes. */
  refund_of: z.nullable(z.string()),
  certificate_code: z.nullable(z.string()),
  /** What refunds or a void took back of this gift, in cents. */
  undone_cents: z.number(),
  /** A staff registration not voided yet: `POST /api/staff/donations/void/` takes it. */
  voidable: z.boolean(),
  /** A card gift: what is left to refund, in cents. */
  refundable_cents: z.number(),
  /**
   * A deposit: its plots whose reservation ended with the rest unpaid (lapsed, or released by
   * staff); the parish keeps the deposit. Empty for every other row.
   */
  deposit_kept_plots: z.array(z.string()),
});
export type DonorLedgerLineView = z.infer<typeof ledgerLineSchema>;

const donorPageSchema = z.object({
  id: z.string(),
  identity: z.object({
    uid: z.nullable(z.string()),
    name: z.string(),
    email: z.string(),
    /** Firebase Auth's `emailVerified`; null for a person without an account. */
    email_verified: z.nullable(z.boolean()),
    personal_code: z.nullable(z.string()),
    is_anonymous_donor: z.boolean(),
    /** The language of their e-mails; null without an account. */
    language: z.nullable(z.string()),
    /**
     * ISO instant the donor erased their account (docs/product.md, "Your data"): `name` and
     * `email` are then the blocked data, shown to staff only; absent for a live account.
     */
    erased_at: z.optional(z.string()),
  }),
  plots: z.array(
    z.object({
      plot: z.string(),
      status: z.string(),
      /** ISO instant, for a reserved plot. */
      reserved_until: z.nullable(z.string()),
    }),
  ),
  ledger: z.array(ledgerLineSchema),
  certificates: z.array(
    z.object({
      code: z.string(),
      status: z.string(),
      plots: z.array(z.string()),
      registered_at: z.nullable(z.string()),
      /** None of its plots is the donor's any more: the reservation ended unpaid. */
      reservation_ended: z.boolean(),
    }),
  ),
  /** The person's cash this calendar month (Spain) against the legal limit (docs/product.md). */
  cash: z.object({
    month: z.string(),
    cash_cents: z.number(),
    limit_cents: z.number(),
    remaining_cents: z.number(),
  }),
});
export type DonorPageView = z.infer<typeof donorPageSchema>;

export const donorPage = defineRoute({
  method: 'GET',
  path: '/api/staff/donors/person/',
  access: 'staff',
  query: validated<{ id: string }, PersonRef>(validatePersonId),
  answer: donorPageSchema,
});

export interface RefundBody {
  donation_id: string;
  amount_cents: number;
  reason: string;
}

export const refundDonation = defineRoute({
  method: 'POST',
  path: '/api/staff/donations/refund/',
  access: 'staff',
  body: validated<RefundBody, RefundRequest>(validateRefundRequest),
  /** Stripe accepted the refund; its event writes the ledger row, the plots and the e-mail. */
  answer: z.object({ refund_id: z.string(), amount_cents: z.number() }),
});
