/** In-memory versions of the API's ports, for handler tests. */
import type {
  ApiDependencies,
  Caller,
  CellRepository,
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

export const ANA: Caller = { uid: 'donor-ana', staff: false };
export const STAFF: Caller = { uid: 'staff-demo', staff: true };

export const NOW = Date.UTC(2026, 10, 22, 12, 0);

export interface TestDependencies extends ApiDependencies {
  cells: InMemoryCells;
  users: InMemoryUsers;
  idTokens: TokenTable;
}

export function testDependencies(): TestDependencies {
  return {
    cells: new InMemoryCells(),
    users: new InMemoryUsers(),
    idTokens: new TokenTable({ 'token-ana': ANA, 'token-staff': STAFF }),
    now: () => NOW,
    payments: unusedPayments(),
  };
}

/** The payment routes run against the real stack (tests/api/payments.test.ts), not in memory. */
function unusedPayments(): ApiDependencies['payments'] {
  const unused = (): never => {
    throw new Error('payments are not part of the in-memory handler tests');
  };
  return {
    store: new Proxy({} as ApiDependencies['payments']['store'], { get: () => unused }),
    checkout: new Proxy({} as ApiDependencies['payments']['checkout'], { get: () => unused }),
    siteUrl: unused,
  };
}
