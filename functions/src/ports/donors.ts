/**
 * The donor's own account: profile, sync, certificate links, erasure and the data export.
 */
import type {
  CertificateCodeRecord,
  DonorProfileJson,
  Language,
  AccountDataExport,
  DonorProfileChange,
} from '@parroquia/domain';
import type { StoredCell } from './plots';

/** `users/{uid}` as the API answers it (JSON-safe, timestamps as ISO strings), without its id. */
export type UserProfile = Omit<DonorProfileJson, 'id'>;

export interface UserRepository {
  findUser(uid: string): Promise<UserProfile | null>;
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
