/**
 * Everything a handler may reach, one port of each area (`src/ports/`), wired in
 * `src/dependencies.ts` and given in memory by the tests.
 */
import type { RandomIndex } from '@parroquia/domain';
import type { CertificateCodeStore, PhysicalCertificateRegistrar } from './certificates';
import type { CommemorationStore } from './commemorations';
import type { AccountDataStore, DonorAccountRepository, UserRepository } from './donors';
import type { DonationLedger } from './ledger';
import type { PaymentSettingsStore } from './payment-settings';
import type { PaymentLinkStore } from './payment-links';
import type { PaymentDependencies } from './payments';
import type { CellRepository } from './plots';
import type { RateLimitCounters } from './rate-limits';
import type { IdTokenVerifier, PasswordResetMailer, SessionRevoker, SignUpMailer } from './sign-in';
import type { BackOfficeStore, StaffActionLog, StaffDonorStore } from './staff';

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
  /** The ways of paying Checkout offers (`settings/payments`). */
  paymentSettings: PaymentSettingsStore;
  /** The links a donor sends so that someone else pays (`payment_links`). */
  paymentLinks: PaymentLinkStore;
}
