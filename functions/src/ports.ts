/**
 * What the API needs from the outside world. Handlers see only these, so tests give them
 * in-memory versions; `src/adapters/` implements them with firebase-admin.
 */
import type {
  CellWithId,
  Commemorations,
  DonorCommemorations,
  DonorFound,
  DonorPageView,
  DonorSearch,
  PersonRef,
  RefundRequest,
  StaffRefundAsked,
  CertificateCodeRecord,
  CompletionRequest,
  ReservationChange,
  ReservationChangeRequest,
  ReservationView,
  VoidRequest,
  FilledCertificateOutcome,
  StaffActionsPage,
  StaffActionView,
  HoldOutcome,
  PaymentOnRecord,
  SettlementOutcome,
  CheckoutOrder,
  DonorProfileJson,
  Language,
  AccountDataExport,
  DonorProfileChange,
  LedgerFilter,
  LedgerListQuery,
  LedgerListRow,
  LedgerExportRow,
  RefundOwed,
  RecorderNames,
  LedgerRow,
  LedgerTotals,
  PhysicalCertificateRegistration,
  RandomIndex,
  RegistrationPlan,
  RegistrationRefusal,
} from '@parroquia/domain';
import type Stripe from 'stripe';

/** A cell as stored, with its document id (the plot code). */
export type StoredCell = CellWithId;

export interface CellRepository {
  /**
   * Every well-formed `cells` document, read at one time: `readTime` in epoch milliseconds,
   * rounded down, so every later change carries a later `updated_at`.
   */
  listCells(): Promise<{ readTime: number; cells: StoredCell[] }>;
  /**
   * Writes back what lapsed holds and reservations already are (`sweptCell`); the plots'
   * codes it released. Each plot in its own transaction, so a payment in between wins.
   */
  releaseLapsed(now: number): Promise<string[]>;
}

/** `users/{uid}` as the API answers it (JSON-safe, timestamps as ISO strings), without its id. */
export type UserProfile = Omit<DonorProfileJson, 'id'>;

export interface UserRepository {
  findUser(uid: string): Promise<UserProfile | null>;
}

/** Who made a request, from a verified Firebase ID token. */
export interface Caller {
  uid: string;
  /** The custom claim `staff: true`. */
  staff: boolean;
  /** The e-mail the token vouches for, if any. */
  email?: string | null;
  /** The token's `name`: the account's display name when the token was issued. */
  name?: string | null;
  /** `firebase.sign_in_provider` of the token: `password`, `google.com`, `facebook.com`... */
  providerId?: string;
  /** The token's `email_verified`: only then does the e-mail prove who the caller is. */
  emailVerified?: boolean;
  /** The token's `auth_time` (when the user last signed in), epoch milliseconds. */
  authTime?: number;
}

/**
 * What Firebase Auth proves of accounts' addresses (docs/product.md, "What an unverified account
 * receives"): asked where the money core decides whom a gift or an e-mail goes to.
 */
export interface AddressProofs {
  /** The address each account has proven (lower-case, `provenAddressOf`); absent: none. */
  provenAddresses(uids: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** Whether the account may buy or reserve plots: its address proven (`mayHoldPlots`). */
  mayHold(uid: string): Promise<boolean>;
}

export interface IdTokenVerifier {
  /** The caller, or null when the token is not a valid ID token of this project. */
  verify(idToken: string): Promise<Caller | null>;
}

/** What sync stores for a new donor. */
export interface NewDonorAccount {
  name: string;
  email: string;
  sub: string;
  is_staff: boolean;
  /** The caller's language: the new account's e-mails', until the donor's browser says another. */
  language: Language;
}

export type CertificateLinkResult =
  { ok: true; plots: string[] } | { ok: false; status: 404 | 409; error: string };

/**
 * The donor's own account, each method one Firestore transaction: the user document, its
 * personal-code claim and the `donor_display` of the donor's plots never disagree.
 */
export interface DonorAccountRepository {
  /**
   * Creates `users/{uid}` with a personal code from `newCode` claimed in `personal_codes/{code}`
   * (drawing again while a code is taken), unless the user exists: then answers it unchanged.
   */
  syncDonor(
    uid: string,
    account: NewDonorAccount,
    newCode: () => string,
    now: number,
  ): Promise<{ profile: UserProfile; created: boolean }>;
  /** Applies the change and rewrites `donor_display` on the donor's plots; null: no user. */
  updateDonor(uid: string, change: DonorProfileChange, now: number): Promise<UserProfile | null>;
  acceptPrivacyPolicy(uid: string, anonymous: boolean, now: number): Promise<UserProfile | null>;
  /** Links `certificate_codes/{code}` and its plots to the donor, or changes nothing. */
  linkCertificateCode(uid: string, code: string, now: number): Promise<CertificateLinkResult>;
  /** Every cell whose `user` is the donor (any status: the caller filters). */
  cellsOf(uid: string): Promise<StoredCell[]>;
  /** The donor a personal code belongs to. */
  findByPersonalCode(code: string): Promise<{ uid: string; profile: UserProfile } | null>;
  /** A paper certificate's code as stored, with its plots as stored; null: no such code. */
  findPaperCertificate(
    code: string,
  ): Promise<{ record: CertificateCodeRecord; cells: StoredCell[] } | null>;
}

export interface SessionRevoker {
  /** Ends every session of the account: its refresh tokens and the ID tokens issued before. */
  revokeSessions(uid: string): Promise<void>;
}

/** Thrown by `syncDonor` for an account erased a moment ago (its Auth user about to go). */
export class AccountErasedError extends Error {
  constructor() {
    super('the account was erased');
  }
}

/** What an erasure found: done now, done before (only Auth may be left), no profile, or paying. */
export type ErasureOutcome = 'erased' | 'already-erased' | 'no-account' | 'paying';

/** The donor's own data (GDPR art. 15, 17, 20; docs/product.md, "Your data"). */
export interface AccountDataStore {
  /** Everything kept about the donor, as the export has it (JSON-safe); null: no profile. */
  exportOf(uid: string, now: number): Promise<AccountDataExport | null>;
  /**
   * In one transaction: the profile, commemoration names and e-mails go; the ledger rows and
   * certificates keep no name or e-mail (kept apart in `erased_donors/{uid}`); the plots show
   * the personal code. Refused ('paying') while a checkout of the account holds plots.
   */
  erase(uid: string, now: number): Promise<ErasureOutcome>;
  /** Deletes the Firebase Auth user; done already is fine (a retried erasure). */
  deleteSignIn(uid: string): Promise<void>;
}

export interface ApiDependencies {
  cells: CellRepository;
  users: UserRepository;
  idTokens: IdTokenVerifier;
  donors: DonorAccountRepository;
  sessions: SessionRevoker;
  /** A fresh 8-character personal code (random; injected so tests can force collisions). */
  newPersonalCode(): string;
  /** Epoch milliseconds; injected so tests can stand at any instant. */
  now: () => number;
  certificateCodes: CertificateCodeStore;
  physicalCertificates: PhysicalCertificateRegistrar;
  donations: DonationLedger;
  /** Uniform random integer in [0, size), for codes; `node:crypto`'s `randomInt` in production. */
  randomIndex: RandomIndex;
  payments: PaymentDependencies;
  rateLimits: RateLimitCounters;
  backOffice: BackOfficeStore;
  staffActions: StaffActionLog;
  staffDonors: StaffDonorStore;
  passwordResets: PasswordResetMailer;
  commemorations: CommemorationStore;
  accountData: AccountDataStore;
  signUps: SignUpMailer;
}

/** A forgotten password (issue 30): the parish's own e-mail with Auth's reset link. */
export interface PasswordResetMailer {
  /**
   * Queues the reset e-mail to `email` in `language` when an account has that address; does
   * nothing otherwise. Never says which: the caller answers the same either way.
   */
  mailResetLink(email: string, language: Language, continueUrl: string): Promise<void>;
}

/** E-mail sign-up that says nothing of who has an account (issue 30). */
export interface SignUpMailer {
  /**
   * When no account has `email`: creates it (the password and name given) under a placeholder
   * address, so it cannot sign in yet, and queues the e-mail with the link that confirms it.
   * When one has: changes nothing and queues the e-mail saying so, with the way to `loginUrl`.
   * Never says which. `email-invalid`: an address Auth refuses (no account can have it), with
   * nothing done.
   */
  signUp(request: {
    email: string;
    password: string;
    name: string;
    language: Language;
    loginUrl: string;
  }): Promise<'requested' | 'email-invalid'>;
  /**
   * The link's code: the account takes its address, proven (`confirmed`); `existing` when the
   * address has another account by now; `expired` when the code is unknown, used or too old.
   */
  confirm(code: string, now: number): Promise<'confirmed' | 'existing' | 'expired'>;
  /** Sign-ups whose link was never opened in time: their codes and waiting accounts deleted. */
  dropExpired(now: number): Promise<number>;
}

/** One rate-limit counter: a limit's requests under one key in one window of time. */
export interface RateLimitWindow {
  /** The limit's name, e.g. `verify`. */
  name: string;
  /** Whose requests: a uid or a client address. */
  key: string;
  /** The window, epoch milliseconds: `[start, end)`. */
  start: number;
  end: number;
  /** Requests allowed in the window. */
  limit: number;
}

/**
 * Request counters shared by every instance of the function (`rate_limits` in Firestore), so
 * that a limit holds however many instances serve a burst.
 */
export interface RateLimitCounters {
  /**
   * Counts one request in the window and answers true, or answers false (counting nothing) when
   * `limit` requests are counted already. Concurrent calls never count past the limit.
   */
  count(window: RateLimitWindow): Promise<boolean>;
}

/** `certificate_codes/{code}`: physical certificate codes (issue 11). */
export interface CertificateCodeStore {
  /**
   * Stores every code as `unassigned` with the staff action that made them (bare codes or blank
   * certificates), all or none: false (and nothing written) when any of them exists already,
   * made before or by a concurrent request.
   */
  createCodes(
    codes: readonly string[],
    purpose: 'generate-codes' | 'print-blank',
    createdBy: string,
    now: number,
  ): Promise<boolean>;
}

/** `staff_actions`, the record of what staff did (issue 32 part 7), and what adds to it alone. */
export interface StaffActionLog {
  /** One page, newest first; null when the cursor names no action. */
  list(
    page: StaffActionsPage,
    size: number,
  ): Promise<{ actions: StaffActionView[]; nextCursor: string | null } | null>;
  /** Staff members by uid, named as Auth knows them now (who recorded each exported row). */
  staffNames(uids: readonly string[]): Promise<RecorderNames>;
  /** The ledger exported as CSV: its query and row count, recorded. */
  recordExport(
    query: Record<string, string>,
    rows: number,
    staffUid: string,
    now: number,
  ): Promise<void>;
  /** A registration's certificate to print filled in, and its printing recorded, together. */
  printFilled(code: string, staffUid: string, now: number): Promise<FilledCertificateOutcome>;
  /** A donor's page opened or the donors searched: who or what, and how many people it showed. */
  recordLookup(
    kind: 'view-donor' | 'search-donors',
    query: Record<string, string>,
    rows: number,
    staffUid: string,
    now: number,
  ): Promise<void>;
}

/** Staff registering a physical certificate: one transaction over plots, code, ledger. */
export interface PhysicalCertificateRegistrar {
  register(
    registration: PhysicalCertificateRegistration,
    staffUid: string,
    now: number,
  ): Promise<RegistrationPlan | RegistrationRefusal>;
}

/** `donations/{id}`, the ledger (docs/data-model.md). */
export interface DonationLedger {
  /** Every entry the filter finds, oldest first (the CSV). */
  listDonations(filter: LedgerFilter): Promise<LedgerExportRow[]>;
  /** Every row of a Spanish month (`YYYY-MM`), for its close. */
  rowsOfMonth(month: string): Promise<LedgerRow[]>;
  /** One page of the entries the filter finds, newest first, and the filter's totals. */
  pageDonations(query: LedgerListQuery): Promise<{
    rows: LedgerListRow[];
    next_cursor: string | null;
    totals: LedgerTotals;
  }>;
  /**
   * The rows whose `donor` is this account (its card gifts, and the registrations of the
   * certificates linked to it), with their refunds and voids: "My donations" (issue 30).
   */
  rowsOfDonor(uid: string): Promise<LedgerRow[]>;
}

// --- Payments (issue 10) ---

/** What one Checkout Session pays for (its metadata carries it: `orderMetadata`). */
export type { CheckoutOrder };

export type { HoldOutcome, SettlementOutcome } from '@parroquia/domain';

/** Every write to cells, payments, the ledger and `stripe_events`, each one transaction. */
export interface PaymentStore {
  /** All plots held for the order, or none (the first refusal is answered). */
  holdPlots(order: CheckoutOrder, expiresAt: number): Promise<HoldOutcome>;
  /** Gives back the plots still held by this checkout (Stripe failed, session expired...). */
  releaseHolds(order: CheckoutOrder): Promise<void>;
  /** The payment of a Checkout Session (`payments/{sessionId}`), or null. */
  findPayment(sessionId: string): Promise<OpenedCheckout | null>;
  /** The payment opened for our checkout reference, or null. */
  findCheckout(checkoutId: string): Promise<OpenedCheckout | null>;
  /** The donor walked away: the holds go back and a pending payment is `expired`, together. */
  cancelCheckout(sessionId: string, order: CheckoutOrder): Promise<void>;
  /** `payments/{sessionId}` as pending, unless an event already wrote it. */
  recordCheckout(sessionId: string, order: CheckoutOrder, amountCents: number): Promise<void>;
  /** Paid: plots to bought/reserved, payment and ledger entry, event id; all or none. */
  settlePaid(event: PaidSettlement): Promise<SettlementOutcome>;
  /** Expired or failed: the holds go back. */
  settleUnpaid(event: UnpaidSettlement): Promise<SettlementOutcome>;
  /** Money given back on a charge: a refund row in the ledger; plots no longer paid for freed. */
  settleRefund(event: RefundSettlement): Promise<SettlementOutcome>;
  /** The automatic refund of a late payment went through. */
  recordRefund(sessionId: string, refundId: string): Promise<void>;
  /** Late payments whose automatic refund has not gone through yet (the call to Stripe failed). */
  listRefundsDue(): Promise<RefundOwed[]>;
  /** Marks a Stripe event processed with nothing else to do (unknown session, ignored type). */
  markEventProcessed(eventId: string, type: string): Promise<boolean>;
}

/** A stored payment: the order it was opened for and where it stands. */
export type OpenedCheckout = PaymentOnRecord;

export interface PaidSettlement {
  eventId: string;
  eventType: string;
  sessionId: string;
  order: CheckoutOrder;
  amountCents: number;
  /** ISO code as Stripe writes it, lower case (`eur`). */
  currency: string;
  paymentIntent: string | null;
}

export interface UnpaidSettlement {
  eventId: string;
  eventType: string;
  sessionId: string;
  order: CheckoutOrder;
  status: 'expired' | 'failed';
}

export interface RefundSettlement {
  eventId: string;
  eventType: string;
  paymentIntent: string;
  /** Everything refunded on the charge so far (Stripe's `amount_refunded`), in cents. */
  amountRefundedCents: number;
  /** The whole charge went back (Stripe's `refunded`). */
  fullyRefunded: boolean;
}

export interface CheckoutSessionRequest {
  order: CheckoutOrder;
  lines: Array<{ name: string; amountCents: number }>;
  expiresAt: number;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | null;
  /** Stripe's payment page is shown in it (the session's `locale`). */
  language: Language;
}

export interface CheckoutGateway {
  createSession(request: CheckoutSessionRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Ends an open Checkout Session so it can no longer be paid; answers the session's status
   * afterwards (`complete` when it was paid first).
   */
  expireSession(sessionId: string): Promise<'open' | 'complete' | 'expired'>;
  /** Refunds the whole payment; idempotent per session. */
  refund(paymentIntent: string, sessionId: string): Promise<string>;
  /**
   * Refunds `amountCents` of the payment for staff (issue 32, part 6); idempotent per key. Answers
   * Stripe's refund id, or null when Stripe refused it (already refunded, more than is left).
   */
  refundPart(request: {
    paymentIntent: string;
    amountCents: number;
    idempotencyKey: string;
    donationId: string;
  }): Promise<string | null>;
  /** The verified event, or null when the signature does not match the raw body. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event | null;
}

export interface PaymentDependencies {
  store: PaymentStore;
  checkout: CheckoutGateway;
  /** The site's address for the success and cancel URLs, e.g. `http://localhost:5000`. */
  siteUrl: (requestOrigin: string | null) => string;
}

// --- The back office's money operations (issue 32) ---

export type BackOfficeOutcome =
  { ok: true; plots: string[]; amountCents: number } | { ok: false; message: string };

/** Each method one Firestore transaction, decided by the money core (back-office.ts). */
export interface BackOfficeStore {
  /** Every reservation, soonest deadline first. */
  listReservations(now: number): Promise<ReservationView[]>;
  /** The rest paid at the parish: the plots bought, a ledger row per plot. */
  completeReservations(
    request: CompletionRequest,
    staffUid: string,
    now: number,
  ): Promise<BackOfficeOutcome>;
  changeReservations(
    request: ReservationChangeRequest,
    change: ReservationChange,
    staffUid: string,
    now: number,
  ): Promise<BackOfficeOutcome>;
  voidDonation(request: VoidRequest, staffUid: string, now: number): Promise<BackOfficeOutcome>;
}

// --- The donors' pages and staff refunds (issue 32, parts 3 and 6) ---

/** A refund staff asked for, checked: Stripe is asked next, then `record` writes the action. */
export type StaffRefundCheck =
  | { ok: false; message: string }
  | { ok: true; asked: StaffRefundAsked; record(stripeRefund: string): Promise<void> };

export interface StaffDonorStore {
  /** At most 20 people, accounts first. */
  search(search: DonorSearch): Promise<DonorFound[]>;
  /** The person's page; null when nobody is known by that id. */
  page(person: PersonRef, now: number): Promise<DonorPageView | null>;
  /** Reads the gift and what was refunded in one transaction and asks the money core. */
  checkRefund(request: RefundRequest, staffUid: string, now: number): Promise<StaffRefundCheck>;
}

// --- The names donors ask prayers for (issue 30, item 3) ---

/** A donor's list as stored; `updatedAt` (epoch ms) null before the first save. */
export interface StoredCommemorations extends Commemorations {
  updatedAt: number | null;
}

/** `commemorations/{uid}`: written and read only here (firestore.rules: no client access). */
export interface CommemorationStore {
  /** The donor's list; no document: no names, not printed. */
  read(uid: string): Promise<StoredCommemorations>;
  /**
   * Replaces the whole list in one write; null when the account has no profile (erased),
   * `no-gift` when names are given by an account without a gift that stands (`hasStandingGift`).
   */
  replace(
    uid: string,
    list: Commemorations,
    now: number,
  ): Promise<StoredCommemorations | null | 'no-gift'>;
  /**
   * Every donor's names (each with the donor's name and code), and the staff action that
   * carried them away, in one transaction: no list leaves unrecorded.
   */
  /**
   * Takes the first entry `name` (in `state`) off the donor's list and records why, in one
   * transaction; null when the list has no such entry.
   */
  removeName(
    uid: string,
    entry: { name: string; state: Commemorations['names'][number]['state'] },
    reason: string,
    staffUid: string,
    now: number,
  ): Promise<Commemorations['names'] | null>;
  carryOut(
    kind: 'print-commemorations' | 'export-commemorations',
    staffUid: string,
    now: number,
  ): Promise<DonorCommemorations[]>;
}
