/** The signed-in donor's own account (docs/api.md). */
import * as z from 'zod/mini';
import {
  acceptPrivacyPolicyBodySchema,
  linkCodeBodySchema,
  syncUserBodySchema,
  updateUserBodySchema,
} from '../donor-profile';
import { certificateQuerySchema } from '../certificate-language';
import {
  validateDocumentLanguageQuery,
  validateReceiptQuery,
  validateStatementQuery,
} from '../donation-history';
import type { Language } from '../messages';
import { passwordResetBodySchema } from '../password-reset-mail';
import { COMMEMORATION_STATES, commemorationsBodySchema } from '../commemoration';
import { signUpBodySchema } from '../sign-up-mail';
import { donorProfileSchema } from './profile';
import { defineRoute } from './route';
import { validated } from './validated';

/** 201 when the account was created now, 200 when it existed. */
export const sync = defineRoute({
  method: 'POST',
  path: '/api/users/sync/',
  access: 'signed-in',
  body: syncUserBodySchema,
  answer: z.extend(donorProfileSchema, { created: z.boolean() }),
});

export const updateUser = defineRoute({
  method: 'POST',
  path: '/api/users/update_user/',
  access: 'signed-in',
  body: updateUserBodySchema,
  answer: donorProfileSchema,
});

export const acceptPrivacyPolicy = defineRoute({
  method: 'POST',
  path: '/api/users/accept-privacy-policy/',
  access: 'signed-in',
  body: acceptPrivacyPolicyBodySchema,
  answer: donorProfileSchema,
});

export const linkCode = defineRoute({
  method: 'POST',
  path: '/api/users/link-code/',
  access: 'signed-in',
  privacyPolicy: 'required',
  body: linkCodeBodySchema,
  answer: z.object({
    status: z.literal('success'),
    code: z.string(),
    /** Plot codes now held by the donor, e.g. `['K3', 'K4']`. */
    plots: z.array(z.string()),
  }),
});

/** The donor's certificate as a PDF; `?lang=es|ro` (es-ES and en are read as es). */
export const generateCertificate = defineRoute({
  method: 'GET',
  path: '/api/users/generate-certificate/',
  access: 'signed-in',
  privacyPolicy: 'required',
  query: certificateQuerySchema,
  answer: 'file',
});

/** One row of "My donations": a gift, or a refund or void of one (docs/api.md). */
const donationLineSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  method: z.enum(['card', 'cash', 'transfer']),
  kind: z.enum(['buy', 'reserve', 'complete', 'refund', 'void']),
  amount_cents: z.number(),
  plots: z.array(z.string()),
  refund_of: z.nullable(z.string()),
  undone_cents: z.number(),
  state: z.enum(['kept', 'refunded-in-part', 'refunded', 'voided', 'refund', 'void']),
});
export type DonationLineJson = z.output<typeof donationLineSchema>;

export const donationHistorySchema = z.object({
  donations: z.array(donationLineSchema),
  /** Plots reserved and not yet paid in full, earliest deadline first. */
  balances_due: z.array(
    z.object({
      plot: z.string(),
      balance_cents: z.number(),
      reserved_until: z.nullable(z.string()),
    }),
  ),
  balance_due_cents: z.number(),
  /** The years with rows, newest first: the statements there are. */
  statement_years: z.array(z.number()),
});
export type DonationHistoryJson = z.output<typeof donationHistorySchema>;

/** The signed-in donor's own gifts, refunds and balances due (issue 30). */
export const donationHistory = defineRoute({
  method: 'GET',
  path: '/api/users/donations/',
  access: 'signed-in',
  privacyPolicy: 'required',
  answer: donationHistorySchema,
});

/** A receipt of one of the donor's gifts as a PDF, in `lang` (es, en or ro). */
export const donationReceipt = defineRoute({
  method: 'GET',
  path: '/api/users/donations/receipt/',
  access: 'signed-in',
  privacyPolicy: 'required',
  query: validated<{ id: string; lang: string }, { id: string; lang: Language }>(
    validateReceiptQuery,
  ),
  answer: 'file',
});

/** The donor's statement of a calendar year as a PDF, in `lang` (es, en or ro). */
export const donationStatement = defineRoute({
  method: 'GET',
  path: '/api/users/donations/statement/',
  access: 'signed-in',
  privacyPolicy: 'required',
  query: validated<{ year: string; lang: string }, { year: number; lang: Language }>(
    validateStatementQuery,
  ),
  answer: 'file',
});

/**
 * A forgotten password (issue 30): the parish mails the reset link if the address has an account.
 * Public; the same 202 whether it has one or not, 429 past the limits per address and per caller
 * (docs/api.md, "Rate limits"), which count every request alike.
 */
export const passwordReset = defineRoute({
  method: 'POST',
  path: '/api/users/password-reset/',
  access: 'public',
  body: passwordResetBodySchema,
  answer: z.object({ status: z.literal('requested') }),
});

/** A donor's names to be remembered at the liturgy (docs/product.md), as stored and answered. */
export const commemorationsAnswerSchema = z.object({
  names: z.array(z.object({ name: z.string(), state: z.enum(COMMEMORATION_STATES) })),
  on_certificate: z.boolean(),
  /** ISO instant of the last save; null before the first. */
  updated_at: z.nullable(z.string()),
  /** Whether the caller's gift stands (a plot bought or reserved), so names may be given. */
  may_give_names: z.boolean(),
});
export type CommemorationsView = z.output<typeof commemorationsAnswerSchema>;

export const getCommemorations = defineRoute({
  method: 'GET',
  path: '/api/users/commemorations/',
  access: 'signed-in',
  privacyPolicy: 'required',
  answer: commemorationsAnswerSchema,
});

/** The whole list replaced at once; a refused entry changes nothing. */
export const saveCommemorations = defineRoute({
  method: 'POST',
  path: '/api/users/commemorations/',
  access: 'signed-in',
  privacyPolicy: 'required',
  body: commemorationsBodySchema,
  answer: commemorationsAnswerSchema,
});

/**
 * Everything the site keeps about the caller (GDPR art. 15 and 20), as one JSON download
 * (`mis-datos.json`): profile, plots, gifts and refunds, e-mails sent, commemoration names.
 */
export const myData = defineRoute({
  method: 'GET',
  path: '/api/users/my-data/',
  access: 'signed-in',
  answer: 'file',
});

/**
 * The same data as a document to read (GDPR art. 12: concise and intelligible), a PDF in `lang`
 * (es, en or ro): what the parish keeps, in words, section by section.
 */
export const myDataDocument = defineRoute({
  method: 'GET',
  path: '/api/users/my-data/document/',
  access: 'signed-in',
  query: validated<{ lang: string }, { lang: Language }>(validateDocumentLanguageQuery),
  answer: 'file',
});

/**
 * Erases the caller's account (GDPR art. 17): only with a sign-in of the last few minutes
 * (`ERASURE_SIGN_IN_MAX_AGE_MS`), and only when the donor means it (`confirm: true`).
 */
export const eraseAccount = defineRoute({
  method: 'POST',
  path: '/api/users/erase-account/',
  access: 'signed-in',
  body: z.object({ confirm: z.literal(true) }),
  answer: z.object({ status: z.literal('erased') }),
});

/**
 * E-mail sign-up (issue 30): the parish mails the address the link that proves it and finishes
 * the new account, or, when it already has an account, a note saying so (nothing is created or
 * changed). Public; the same 202 either way, 429 past the limits per address and per caller.
 */
export const signUp = defineRoute({
  method: 'POST',
  path: '/api/users/sign-up/',
  access: 'public',
  body: signUpBodySchema,
  answer: z.object({ status: z.literal('requested') }),
});

/**
 * The sign-up e-mail's link opened (`/login?confirm=<code>` asks this): the new account takes its
 * address, proven, and can sign in from now on; until then it answers sign-in as a wrong password
 * does. `existing`: the address got an account meanwhile (the pending one is dropped). 404 for a
 * code that is unknown, used or past its three days.
 */
export const confirmSignUp = defineRoute({
  method: 'POST',
  path: '/api/users/confirm-sign-up/',
  access: 'public',
  body: z.object({ code: z.string().check(z.minLength(1), z.maxLength(200)) }),
  answer: z.object({ status: z.enum(['confirmed', 'existing']) }),
});
