/** In-memory versions of the API's ports, for handler tests. */
import type {
  LedgerEntry,
  LedgerRange,
  PhysicalCertificateRegistration,
  RegistrationPlan,
  RegistrationRefusal,
} from '@parroquia/domain';
import type {
  ApiDependencies,
  Caller,
  CellRepository,
  CertificateCodeStore,
  DonationLedger,
  PhysicalCertificateRegistrar,
  IdTokenVerifier,
  StoredCell,
  UserProfile,
  UserRepository,
} from '../../src/ports';

export class InMemoryCells implements CellRepository {
  constructor(public cells: StoredCell[] = []) {}
  async listCells() {
    return this.cells.map((cell) => ({ ...cell }));
  }
}

export class InMemoryUsers implements UserRepository {
  readonly profiles = new Map<string, UserProfile>();
  async findUser(uid: string) {
    return this.profiles.get(uid) ?? null;
  }
}

/** Accepts exactly the tokens it was given, as a real verifier accepts only signed ones. */
export class TokenTable implements IdTokenVerifier {
  readonly verified: string[] = [];
  constructor(private readonly callers: Record<string, Caller>) {}
  async verify(idToken: string) {
    this.verified.push(idToken);
    return this.callers[idToken] ?? null;
  }
}

export class InMemoryCertificateCodes implements CertificateCodeStore {
  readonly codes = new Map<string, { created_by: string; created_at: number }>();
  async createCodes(codes: readonly string[], createdBy: string, now: number) {
    if (codes.some((code) => this.codes.has(code))) return false;
    for (const code of codes) this.codes.set(code, { created_by: createdBy, created_at: now });
    return true;
  }
}

/** Answers what the test sets, and keeps what it was asked (the real one runs on Firestore). */
export class ScriptedRegistrar implements PhysicalCertificateRegistrar {
  readonly calls: Array<{
    registration: PhysicalCertificateRegistration;
    staffUid: string;
    now: number;
  }> = [];
  outcome: RegistrationPlan | RegistrationRefusal = {
    ok: true,
    kind: 'buy',
    amountCents: 25000,
    donorUid: null,
    donorDisplay: 'María',
    cells: [],
  };
  async register(registration: PhysicalCertificateRegistration, staffUid: string, now: number) {
    this.calls.push({ registration, staffUid, now });
    return this.outcome;
  }
}

export class InMemoryLedger implements DonationLedger {
  readonly ranges: LedgerRange[] = [];
  constructor(public entries: LedgerEntry[] = []) {}
  async listDonations(range: LedgerRange) {
    this.ranges.push(range);
    return this.entries.filter(
      (entry) =>
        (range.from === null || entry.created_at >= range.from) &&
        (range.to === null || entry.created_at < range.to),
    );
  }
}

export const ANA: Caller = { uid: 'donor-ana', staff: false };
export const STAFF: Caller = { uid: 'staff-demo', staff: true };

export const NOW = Date.UTC(2026, 10, 22, 12, 0);

export interface TestDependencies extends ApiDependencies {
  cells: InMemoryCells;
  users: InMemoryUsers;
  idTokens: TokenTable;
  certificateCodes: InMemoryCertificateCodes;
  physicalCertificates: ScriptedRegistrar;
  donations: InMemoryLedger;
}

export function testDependencies(): TestDependencies {
  return {
    cells: new InMemoryCells(),
    users: new InMemoryUsers(),
    idTokens: new TokenTable({ 'token-ana': ANA, 'token-staff': STAFF }),
    now: () => NOW,
    certificateCodes: new InMemoryCertificateCodes(),
    physicalCertificates: new ScriptedRegistrar(),
    donations: new InMemoryLedger(),
    randomIndex: (size) => Math.floor(Math.random() * size),
  };
}
