/**
 * What the API needs from the outside world. Handlers see only these, so tests give them
 * in-memory versions; `src/adapters/` implements them with firebase-admin.
 */
import type {
  CellWithId,
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
}

export interface IdTokenVerifier {
  /** The caller, or null when the token is not a valid ID token of this project. */
  verify(idToken: string): Promise<Caller | null>;
}

export interface ApiDependencies {
  cells: CellRepository;
  users: UserRepository;
  idTokens: IdTokenVerifier;
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
