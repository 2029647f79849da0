/**
 * What one operation on money and plots decides (docs/architecture.md, "The money core"): the
 * cells it moves, the ledger rows it adds, the payment, certificate codes and accounts it
 * changes, the e-mails it queues and what it answers. Pure data: an adapter reads the facts
 * inside one transaction, asks the decision, and writes exactly what it says, all or nothing.
 */
import type { CellWithId } from '../cell-document';
import type { MailMessage } from '../donor-mail';
import type { LedgerEntry, LedgerRow } from '../ledger';
import { cellAfterRefund, plotCoverage } from '../plot-coverage';
import type { CheckoutKind } from '../money';

/** A plot as the transaction read it (`before`, null: not stored) and as it must be stored. */
export interface CellMove {
  before: CellWithId | null;
  after: CellWithId;
}

/** A new `donations/{id}` row, with the fields that tie it to where it came from. */
export interface LedgerAddition {
  id: string;
  entry: LedgerEntry;
  /** The Checkout Session of a card gift. */
  session_id?: string;
  /** The physical certificate of a staff registration. */
  certificate_code?: string;
  /** Why a row undoes another: a void's or a refund's reason, for the accountant's export. */
  reason?: string;
  /**
   * Someone else paid for the donor through a payment link: who (as Stripe's page collected
   * them) and the link's id. Stored as `payer_email`, `payer_name` and `payment_link`.
   */
  payer?: { email: string; name: string; link: string };
}

/** An existing row now counted for an account (a certificate claimed by its donor). */
export interface LedgerDonorChange {
  id: string;
  donor: string;
}

export type PaymentStatus = 'pending' | 'paid' | 'expired' | 'failed' | 'refunded';

/** Why a paid Checkout Session's money goes back by itself. */
export type AutomaticRefundReason = 'plots-taken' | 'amount-mismatch';

/** `payments/{sessionId}` as stored (docs/data-model.md); instants in epoch milliseconds. */
export interface PaymentFields {
  uid: string;
  kind: CheckoutKind;
  cells: string[];
  checkout_id: string;
  amount_cents: number;
  status: PaymentStatus;
  payment_intent: string | null;
  created_at: number;
  paid_at: number;
  refund_reason: AutomaticRefundReason;
  lost_plots: string[];
  refund_id: string | null;
  refund_due: boolean;
  refunded_cents: number;
  refunded_at: number;
  /** The last refund staff asked of Stripe for this payment (`decideStaffRefund`). */
  staff_refund_key: string;
  staff_refund_cents: number;
  staff_refund_at: number;
  /** Who asked it and why, written on the refund's ledger row when Stripe reports it. */
  staff_refund_by: string;
  staff_refund_reason: string | null;
}

/** The fields of `payments/{sessionId}` to merge into the stored document. */
export interface PaymentChange {
  sessionId: string;
  fields: Partial<PaymentFields>;
}

export type CertificateCodeState = 'unassigned' | 'registered' | 'linked';

/** `certificate_codes/{code}` fields to merge (null clears a field). */
export interface CertificateCodeChange {
  code: string;
  fields: {
    status: CertificateCodeState;
    user?: string | null;
    email?: string | null;
    mailbox?: string | null;
    name?: string | null;
    is_anonymous_donor?: boolean;
    plots?: string[];
    reserve?: boolean;
    method?: string | null;
    donation_id?: string | null;
    registered_at?: number | null;
    registered_by?: string | null;
    linked_at?: number | null;
    /** A code made now (with `create`): when and by whom. */
    created_at?: number;
    created_by?: string;
  };
  /** A new code: created, never written over one that exists (the batch fails instead). */
  create?: true;
}

/** What an operation changes of an account (`users/{uid}`). */
export interface AccountChange {
  uid: string;
  /** Staff ticked "stay anonymous", or a claimed certificate asked for it. */
  becomesAnonymous: boolean;
  /** Mailboxes the account stands for from now on (the cash limit's person). */
  addMailboxes: string[];
  at: number;
}

/** A `mail/{id}` document: queued once per id, in the same transaction as what it reports. */
export interface MailOrder {
  id: string;
  to: string;
  message: MailMessage;
}

/** The Stripe event an operation settles, recorded in `stripe_events` so it is never redone. */
export interface EventClaim {
  id: string;
  type: string;
}

/**
 * What staff can do, each recorded: the money operations, the papers and exports that carry
 * the parish's data away (codes generated, blank or filled-in certificates printed, the ledger
 * exported as CSV), and each look at donors' personal data (a donor's page, a search).
 */
export const STAFF_ACTION_KINDS = [
  'register',
  'complete',
  'extend',
  'release',
  'void',
  'refund',
  'generate-codes',
  'print-blank',
  'print-filled',
  'export-csv',
  'print-commemorations',
  'export-commemorations',
  'view-donor',
  'search-donors',
  'remove-commemoration',
  'change-payment-methods',
] as const;

export type StaffActionKind = (typeof STAFF_ACTION_KINDS)[number];

export function isStaffActionKind(value: unknown): value is StaffActionKind {
  return typeof value === 'string' && (STAFF_ACTION_KINDS as readonly string[]).includes(value);
}

/**
 * What an action carried away, beyond plots: the codes of a batch (generated or printed blank),
 * the code of a filled-in certificate, the CSV's query and how many rows it had.
 */
export interface StaffActionDetails {
  count?: number;
  codes?: string[];
  code?: string;
  query?: Record<string, string>;
  rows?: number;
}

/** A plot as a staff action's record shows it, before and after. */
export interface PlotState {
  plot: string;
  status: string;
  user: string | null;
  reserved_until: number | null;
}

/**
 * `staff_actions/{id}`: what a staff member did, append-only (no client writes, staff read):
 * who, when, why, the plots before and after, and the ledger rows it wrote.
 */
export interface StaffAction {
  id: string;
  action: StaffActionKind;
  staff: string;
  at: number;
  reason: string | null;
  plots: string[];
  donations: string[];
  before: PlotState[];
  after: PlotState[];
  /** Stored as `details` (null when the action has none). */
  details?: StaffActionDetails;
  /** A refund staff asked for: the amount, and Stripe's refund once it accepted it. */
  amount_cents?: number;
  stripe_refund?: string | null;
}

/** `erased_donors/{uid}`: the blocked data, kept apart from the rows, for staff only. */
export interface BlockedDonorRecord {
  name: string;
  email: string;
  mailboxes: string[];
  personal_code: string;
  created_at: number | null;
  /** Per ledger row id, the name and e-mail it carried. */
  rows: Record<string, { donor_name: string; donor_email: string }>;
  /** Per certificate code, the name and e-mail staff typed on it. */
  certificates: Record<string, { name: string; email: string }>;
}

/** What an account's erasure (`decideErasure`) writes beyond the plots: the record, the rows and certificates stripped. */
export interface AccountErasure {
  uid: string;
  at: number;
  blocked: BlockedDonorRecord;
  /** Each of the account's rows, with the fields that replace its name, e-mail and search words. */
  rows: Array<{
    id: string;
    fields: { donor_name: string; donor_email: string; search: string[] };
  }>;
  /** The certificates whose name and e-mail go. */
  certificates: string[];
  /** The address whose queued e-mails go with the account (the adapter deletes those it read). */
  mailTo: string;
}

export interface Writes {
  event: EventClaim | null;
  cells: CellMove[];
  ledger: LedgerAddition[];
  ledgerDonors: LedgerDonorChange[];
  payment: PaymentChange | null;
  codes: CertificateCodeChange[];
  accounts: AccountChange[];
  mails: MailOrder[];
  actions: StaffAction[];
  erasures: AccountErasure[];
}

export interface Decision<Outcome> extends Writes {
  outcome: Outcome;
}

export const NO_WRITES: Writes = {
  event: null,
  cells: [],
  ledger: [],
  ledgerDonors: [],
  payment: null,
  codes: [],
  accounts: [],
  mails: [],
  actions: [],
  erasures: [],
};

/** A decision that writes `writes` (the rest nothing) and answers `outcome`. */
export function decided<Outcome>(
  outcome: Outcome,
  writes: Partial<Writes> = {},
): Decision<Outcome> {
  return { ...NO_WRITES, ...writes, outcome };
}

/** Every write of a decision, none: what a refusal or a replayed event answers. */
export function writesNothing(decision: Writes): boolean {
  return (
    decision.event === null &&
    decision.cells.length === 0 &&
    decision.ledger.length === 0 &&
    decision.ledgerDonors.length === 0 &&
    decision.payment === null &&
    decision.codes.length === 0 &&
    decision.accounts.length === 0 &&
    decision.mails.length === 0 &&
    decision.actions.length === 0 &&
    decision.erasures.length === 0
  );
}

/** The moves that change a cell, each from what was read. */
export function movesOf(
  pairs: ReadonlyArray<{ before: CellWithId | null; after: CellWithId | null }>,
): CellMove[] {
  return pairs.flatMap(({ before, after }) => (after ? [{ before, after }] : []));
}

/**
 * The holder's plots after one of their gifts was undone (refunded or voided), as the ledger
 * `after` (with the undoing row) still pays for each: kept, reserved again, or free.
 */
export function movesAfterUndoing(
  cells: readonly CellWithId[],
  holder: string | null,
  after: readonly LedgerRow[],
  now: number,
): CellMove[] {
  return movesOf(
    cells.map((cell) => {
      const next = cellAfterRefund(cell, holder, plotCoverage(after, holder, cell.id), now);
      return { before: cell, after: next ? { ...next, id: cell.id } : null };
    }),
  );
}

/** What a settled Stripe event did (logged; a refund due is then asked of Stripe). */
export type SettlementOutcome =
  | { outcome: 'duplicate' }
  | { outcome: 'applied' }
  | { outcome: 'ignored'; why: string }
  /** Paid after the plots went to someone else: the money must go back. */
  | { outcome: 'refund-due'; paymentIntent: string | null; lostPlots: string[] };
