/**
 * What the API needs from the outside world. Handlers see only these, so tests give them
 * in-memory versions; `src/adapters/` implements them with firebase-admin.
 */
import type {
  CellWithId,
  DonorProfileChange,
  LedgerEntry,
  LedgerRange,
  PhysicalCertificateRegistration,
  RandomIndex,
  RegistrationPlan,
  RegistrationRefusal,
} from '@parroquia/domain';

/** A cell as stored, with its document id (the plot code). */
export type StoredCell = CellWithId;

export interface CellRepository {
  /** Every well-formed `cells` document. */
  listCells(): Promise<StoredCell[]>;
}

/** `users/{uid}` as the API answers it: JSON-safe, timestamps as ISO strings. */
export interface UserProfile {
  name: string;
  email: string;
  personal_code: string;
  is_anonymous_donor: boolean;
  accepted_privacy_policy: boolean;
  is_staff: boolean;
  sub: string | null;
  created_at: string | null;
}

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
  /** `firebase.sign_in_provider` of the token: `password`, `google.com`, `facebook.com`... */
  providerId?: string;
  /** The token's `email_verified`: only then does the e-mail prove who the caller is. */
  emailVerified?: boolean;
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
  /** Claims the physical certificates staff registered for this e-mail (verified only). */
  emailVerified?: boolean;
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
}

export interface SessionRevoker {
  /** Ends every session of the account: its refresh tokens and the ID tokens issued before. */
  revokeSessions(uid: string): Promise<void>;
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
  now(): number;
  certificateCodes: CertificateCodeStore;
  physicalCertificates: PhysicalCertificateRegistrar;
  donations: DonationLedger;
  /** Uniform random integer in [0, size), for codes; `node:crypto`'s `randomInt` in production. */
  randomIndex: RandomIndex;
}

/** `certificate_codes/{code}`: physical certificate codes (issue 11). */
export interface CertificateCodeStore {
  /**
   * Stores every code as `unassigned`, all or none: false (and nothing written) when any of them
   * exists already, made before or by a concurrent request.
   */
  createCodes(codes: readonly string[], createdBy: string, now: number): Promise<boolean>;
}

/** Staff registering a physical certificate: one transaction over plots, code, ledger. */
export interface PhysicalCertificateRegistrar {
  register(
    registration: PhysicalCertificateRegistration,
    staffUid: string,
    now: number,
  ): Promise<RegistrationPlan | RegistrationRefusal>;
}

/** `donations/{id}`, the ledger (DESIGN.md 3). */
export interface DonationLedger {
  /** Entries with `created_at` in `[from, to)` (null: unbounded), oldest first. */
  listDonations(range: LedgerRange): Promise<LedgerEntry[]>;
}
