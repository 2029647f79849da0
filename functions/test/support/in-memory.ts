/** In-memory versions of the API's ports, for handler tests. */
import {
  LEDGER_PAGE_SIZE,
  donorDisplay,
  ledgerListRows,
  ledgerRowFound,
  ledgerSearchWords,
  planCertificateLink,
  readCertificateCodeDocument,
  showsDonorName,
  sweptCell,
} from '@parroquia/domain';
import { InMemoryPaymentSettings } from './in-memory-payment-settings';
import type {
  Commemorations,
  LedgerFilter,
  LedgerListQuery,
  LedgerRow,
  LedgerRange,
  PhysicalCertificateRegistration,
  RegistrationPlan,
  RegistrationRefusal,
} from '@parroquia/domain';
import type { ApiDependencies } from '../../src/ports/api-dependencies';
import type {
  CertificateCodeStore,
  PhysicalCertificateRegistrar,
} from '../../src/ports/certificates';
import type { CommemorationStore, StoredCommemorations } from '../../src/ports/commemorations';
import type { DonorAccountRepository, UserProfile, UserRepository } from '../../src/ports/donors';
import type { DonationLedger } from '../../src/ports/ledger';
import type { CellRepository, StoredCell } from '../../src/ports/plots';
import type { RateLimitCounters, RateLimitWindow } from '../../src/ports/rate-limits';
import type { Caller, IdTokenVerifier, SessionRevoker } from '../../src/ports/sign-in';
import type { StaffActionLog } from '../../src/ports/staff';

export class InMemoryCells implements CellRepository {
  constructor(public cells: StoredCell[] = []) {}
  async listCells() {
    return { readTime: Date.now(), cells: this.cells.map((cell) => ({ ...cell })) };
  }
  async releaseLapsed(now: number) {
    const released: string[] = [];
    this.cells = this.cells.map((cell) => {
      const swept = sweptCell(cell, now);
      if (!swept) return cell;
      released.push(cell.id);
      return { ...swept, id: cell.id };
    });
    return released;
  }
}

export class InMemoryUsers implements UserRepository {
  readonly profiles = new Map<string, UserProfile>();
  async findUser(uid: string) {
    return this.profiles.get(uid) ?? null;
  }
}

/** The donor account rules over the same maps (the Firestore adapter is tested on the stack). */
export class InMemoryDonors implements DonorAccountRepository {
  /** `certificate_codes/{code}` documents as stored. */
  readonly certificateCodes = new Map<string, Record<string, unknown>>();
  constructor(
    private readonly users: InMemoryUsers,
    private readonly cells: InMemoryCells,
  ) {}

  async syncDonor(
    uid: string,
    account: Parameters<DonorAccountRepository['syncDonor']>[1],
    newCode: () => string,
  ) {
    const existing = this.users.profiles.get(uid);
    if (existing) return { profile: existing, created: false };
    const taken = new Set(
      [...this.users.profiles.values()].map((profile) => profile.personal_code),
    );
    let code = newCode();
    while (taken.has(code)) code = newCode();
    const profile: UserProfile = {
      ...account,
      personal_code: code,
      is_anonymous_donor: false,
      accepted_privacy_policy: false,
      created_at: null,
    };
    this.users.profiles.set(uid, profile);
    return { profile, created: true };
  }

  private change(uid: string, fields: Partial<UserProfile>, now: number) {
    const current = this.users.profiles.get(uid);
    if (!current) return null;
    const profile = { ...current, ...fields };
    this.users.profiles.set(uid, profile);
    for (const cell of this.cells.cells) {
      if (showsDonorName(cell, uid, now)) cell.donor_display = donorDisplay(profile);
    }
    return profile;
  }

  async updateDonor(
    uid: string,
    change: { name?: string; is_anonymous_donor?: boolean },
    now: number,
  ) {
    return this.change(uid, change, now);
  }

  async acceptPrivacyPolicy(uid: string, anonymous: boolean, now: number) {
    return this.change(uid, { accepted_privacy_policy: true, is_anonymous_donor: anonymous }, now);
  }

  async linkCertificateCode(uid: string, code: string, now: number) {
    const data = this.certificateCodes.get(code);
    const record = data ? readCertificateCodeDocument(code, data) : null;
    const plan = planCertificateLink(record, this.cells.cells, uid, now);
    if (!plan.ok) return plan;
    const display = donorDisplay(this.users.profiles.get(uid)!);
    this.certificateCodes.set(code, { ...data, status: 'linked', user: uid });
    for (const cell of this.cells.cells) {
      if (plan.plots.includes(cell.id)) Object.assign(cell, { user: uid, donor_display: display });
    }
    return plan;
  }

  async cellsOf(uid: string) {
    return this.cells.cells.filter((cell) => cell.user === uid).map((cell) => ({ ...cell }));
  }

  async findPaperCertificate(code: string) {
    const data = this.certificateCodes.get(code);
    if (!data) return null;
    const record = readCertificateCodeDocument(code, data);
    return { record, cells: this.cells.cells.filter((cell) => record.plots.includes(cell.id)) };
  }

  async findByPersonalCode(code: string) {
    for (const [uid, profile] of this.users.profiles) {
      if (profile.personal_code === code) return { uid, profile };
    }
    return null;
  }
}

export class RecordedSessions implements SessionRevoker {
  readonly revoked: string[] = [];
  async revokeSessions(uid: string) {
    this.revoked.push(uid);
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
  readonly batches: Array<{ purpose: string; codes: string[] }> = [];
  async createCodes(
    codes: readonly string[],
    purpose: 'generate-codes' | 'print-blank',
    createdBy: string,
    now: number,
  ) {
    if (codes.some((code) => this.codes.has(code))) return false;
    for (const code of codes) this.codes.set(code, { created_by: createdBy, created_at: now });
    this.batches.push({ purpose, codes: [...codes] });
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
    donorBecomesAnonymous: false,
    cells: [],
  };
  async register(registration: PhysicalCertificateRegistration, staffUid: string, now: number) {
    this.calls.push({ registration, staffUid, now });
    return this.outcome;
  }
}

export class InMemoryLedger implements DonationLedger {
  /** The filters each call was made with (its date range is what the CSV tests check). */
  readonly ranges: LedgerRange[] = [];
  constructor(public entries: LedgerRow[] = []) {}

  private found(filter: LedgerFilter): LedgerRow[] {
    this.ranges.push(filter.range);
    const { range, method, kind, search } = filter;
    return this.entries.filter(
      (entry) =>
        (range.from === null || entry.created_at >= range.from) &&
        (range.to === null || entry.created_at < range.to) &&
        (method === null || entry.method === method) &&
        (kind === null || entry.kind === kind) &&
        (search === null || ledgerRowFound(ledgerSearchWords(entry), search)),
    );
  }

  async rowsOfMonth(month: string) {
    return this.entries.filter((entry) => entry.month === month);
  }

  async listDonations(filter: LedgerFilter) {
    return this.found(filter).map((row) => ({ ...row, certificate_code: null, reason: null }));
  }

  async rowsOfDonor(uid: string) {
    return this.entries.filter((entry) => entry.donor === uid);
  }

  async pageDonations({ filter }: LedgerListQuery) {
    const rows = this.found(filter).sort((a, b) => b.created_at - a.created_at);
    const net = rows.reduce((sum, row) => sum + row.amount_cents, 0);
    const given = rows.reduce((sum, row) => sum + Math.max(0, row.amount_cents), 0);
    return {
      rows: ledgerListRows(rows.slice(0, LEDGER_PAGE_SIZE), this.entries),
      next_cursor: null,
      totals: {
        rows: rows.length,
        given_cents: given,
        refunded_cents: given - net,
        net_cents: net,
      },
    };
  }
}

export const ANA: Caller = { uid: 'donor-ana', staff: false };
export const STAFF: Caller = { uid: 'staff-demo', staff: true };
export const NEW_DONOR: Caller = {
  uid: 'donor-new',
  staff: false,
  email: null,
  providerId: 'facebook.com',
};

export const NOW = Date.UTC(2026, 10, 22, 12, 0);

/** The CSV exports recorded; the rest of the record is Firestore's (tests/api). */
export class RecordedStaffActions implements StaffActionLog {
  readonly exports: Array<{ query: Record<string, string>; rows: number; staffUid: string }> = [];
  async staffNames() {
    return new Map<string, { name: string; email: string }>();
  }

  async recordExport(query: Record<string, string>, rows: number, staffUid: string) {
    this.exports.push({ query, rows, staffUid });
  }
  readonly lookups: Array<{ kind: string; query: Record<string, string>; rows: number }> = [];
  async recordLookup(kind: string, query: Record<string, string>, rows: number) {
    this.lookups.push({ kind, query, rows });
  }
  list(): never {
    throw new Error('the record of staff actions is not part of these handler tests');
  }
  printFilled(): never {
    throw new Error('the filled-in certificate is not part of these handler tests');
  }
}

/** `commemorations`: each donor's list, saved whole; carrying them out is tests/api's. */
export class InMemoryCommemorations implements CommemorationStore {
  readonly lists = new Map<string, StoredCommemorations>();
  async read(uid: string): Promise<StoredCommemorations> {
    return this.lists.get(uid) ?? { names: [], on_certificate: false, updatedAt: null };
  }
  async replace(uid: string, list: Commemorations, now: number) {
    const stored = { ...list, updatedAt: now };
    this.lists.set(uid, stored);
    return stored;
  }
  carryOut(): never {
    throw new Error('the priest list is not part of these handler tests');
  }
  removeName(): never {
    throw new Error("taking a name off is tests/api's");
  }
}

export interface TestDependencies extends ApiDependencies {
  commemorations: InMemoryCommemorations;
  staffActions: RecordedStaffActions;
  cells: InMemoryCells;
  users: InMemoryUsers;
  idTokens: TokenTable;
  certificateCodes: InMemoryCertificateCodes;
  physicalCertificates: ScriptedRegistrar;
  donations: InMemoryLedger;
  donors: InMemoryDonors;
  sessions: RecordedSessions;
  paymentSettings: InMemoryPaymentSettings;
}

/** The counters of `rate_limits` in one map, shared like Firestore's by every request. */
export class InMemoryRateLimits implements RateLimitCounters {
  readonly counts = new Map<string, number>();
  async count({ name, key, start, limit }: RateLimitWindow) {
    const id = `${name}_${key}_${start}`;
    const counted = this.counts.get(id) ?? 0;
    if (counted >= limit) return false;
    this.counts.set(id, counted + 1);
    return true;
  }
}

export function testDependencies(): TestDependencies {
  const cells = new InMemoryCells();
  const users = new InMemoryUsers();
  let drawn = 0;
  return {
    cells,
    users,
    idTokens: new TokenTable({ 'token-ana': ANA, 'token-staff': STAFF, 'token-new': NEW_DONOR }),
    donors: new InMemoryDonors(users, cells),
    sessions: new RecordedSessions(),
    newPersonalCode: () => `NEWC${String(2345 + (drawn++ % 5000)).padStart(4, '2')}`,
    now: () => NOW,
    certificateCodes: new InMemoryCertificateCodes(),
    physicalCertificates: new ScriptedRegistrar(),
    donations: new InMemoryLedger(),
    randomIndex: (size) => Math.floor(Math.random() * size),
    payments: unusedPayments(),
    rateLimits: new InMemoryRateLimits(),
    backOffice: unusedPort<ApiDependencies['backOffice']>('the back office'),
    staffActions: new RecordedStaffActions(),
    staffDonors: unusedPort<ApiDependencies['staffDonors']>('the donors pages'),
    passwordResets: unusedPort<ApiDependencies['passwordResets']>('the password reset'),
    commemorations: new InMemoryCommemorations(),
    accountData: unusedPort<ApiDependencies['accountData']>('the donor data'),
    signUps: unusedPort<ApiDependencies['signUps']>('the sign-up'),
    paymentSettings: new InMemoryPaymentSettings(),
    paymentLinks: unusedPort<ApiDependencies['paymentLinks']>('the payment links'),
  };
}

/** Payments unused by the other handler tests (theirs: payment-routes.test.ts, in-memory-payments.ts). */
export function unusedPayments(): ApiDependencies['payments'] {
  return {
    store: unusedPort('payments'),
    checkout: unusedPort('payments'),
    siteUrl: () => {
      throw new Error('payments are not part of these handler tests');
    },
  };
}

/** A port a test does not use: any call fails, naming it. */
export function unusedPort<Port extends object>(what: string): Port {
  const unused = (): never => {
    throw new Error(`${what} is not part of these handler tests`);
  };
  return new Proxy({} as Port, { get: () => unused });
}
