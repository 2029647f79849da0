/**
 * The driver interface every conformance scenario is written against. Everything that crosses
 * a driver boundary is plain data (it must survive `page.evaluate` for the browser driver):
 * write sentinels are tagged objects (see values.ts) and timestamps come back as `{ __ts }`.
 */

export type WhereOp =
  '<' | '<=' | '==' | '!=' | '>=' | '>' | 'array-contains' | 'array-contains-any' | 'in' | 'not-in';

export interface QuerySpec {
  /** Query every collection with this id (collection group) instead of one collection path. */
  group?: boolean;
  where?: [field: string, op: WhereOp, value: unknown][];
  orderBy?: [field: string, dir?: 'asc' | 'desc'][];
  limit?: number;
  limitToLast?: number;
  startAt?: unknown[];
  startAfter?: unknown[];
  endAt?: unknown[];
  endBefore?: unknown[];
}

export type Data = Record<string, unknown>;

export interface DocResult {
  id: string;
  exists: boolean;
  data: Data | null;
}

export type BatchOp =
  | { op: 'set'; path: string; data: Data; merge?: boolean }
  | { op: 'update'; path: string; data: Data }
  | { op: 'delete'; path: string };

/** What a transaction callback gets. Reads are async; writes are buffered until commit. */
export interface TxApi {
  get(path: string): Promise<{ exists: boolean; data: Data | null }>;
  set(path: string, data: Data): void;
  update(path: string, data: Data): void;
  delete(path: string): void;
}

/**
 * A transaction callback. It must be self-contained (use only `tx` and `args`): the browser
 * driver ships its source text into the page.
 */
export type TxFn<A, R> = (tx: TxApi, args: A) => Promise<R>;

export interface DocEvent {
  exists: boolean;
  data: Data | null;
  fromCache: boolean;
  hasPendingWrites: boolean;
}

export interface Change {
  type: 'added' | 'modified' | 'removed';
  id: string;
  data: Data;
}

export interface QueryEvent {
  docs: { id: string; data: Data }[];
  changes: Change[];
  fromCache: boolean;
  hasPendingWrites: boolean;
}

export interface Listener<E> {
  /** Every event received so far, in order. Throws if the listener reported an error. */
  events(): Promise<E[]>;
  stop(): Promise<void>;
}

export interface Client {
  set(path: string, data: Data, opts?: { merge?: boolean }): Promise<void>;
  get(path: string): Promise<DocResult>;
  update(path: string, data: Data): Promise<void>;
  delete(path: string): Promise<void>;
  add(collectionPath: string, data: Data): Promise<string>;
  query(collectionPath: string, spec: QuerySpec): Promise<DocResult[]>;
  batch(ops: BatchOp[]): Promise<void>;
  /** Aggregation: number of documents matching the query (server-side count). */
  count(collectionPath: string, spec: QuerySpec): Promise<number>;
  transaction<A, R>(
    fn: TxFn<A, R>,
    args: A,
    opts?: { maxAttempts?: number },
  ): Promise<{ result: R; attempts: number }>;
  listenDoc(path: string): Promise<Listener<DocEvent>>;
  listenQuery(collectionPath: string, spec: QuerySpec): Promise<Listener<QueryEvent>>;
  /** Only where the SDK can drop and re-open its streams (web SDK). */
  disableNetwork?(): Promise<void>;
  enableNetwork?(): Promise<void>;
  close(): Promise<void>;
}

export interface Driver {
  name: string;
  /** `network`: the client can disableNetwork/enableNetwork. `metadata`: events carry fromCache/hasPendingWrites. */
  caps: { network: boolean; metadata: boolean };
  setup(): Promise<void>;
  teardown(): Promise<void>;
  client(projectId: string, options?: ClientOptions): Promise<Client>;
}

export interface ClientOptions {
  /**
   * Sign the client in with an unsigned emulator ID token with these claims (`sub` = uid), as
   * `connectFirestoreEmulator(..., { mockUserToken })` does. Honoured by the browser driver.
   */
  mockUserToken?: { sub: string; [claim: string]: unknown };
}

/** Errors surfaced by every driver: `code` is the SDK's string code ('not-found', 'aborted', ...). */
export class DriverError extends Error {
  constructor(
    public code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'DriverError';
  }
}

export interface SerializedError {
  code?: string;
  message: string;
}
