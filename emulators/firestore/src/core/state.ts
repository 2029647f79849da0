/** Everything the core keeps between requests, in one object handed to its modules. */
import type { CommitRequest, StructuredQuery } from '../proto-types.ts';
import type { AccessHooks } from './access-hooks.ts';
import type { Clock, Micros } from './clock.ts';
import type { DbRef } from './paths.ts';
import type { Change, DatabaseRegistry, Database } from './storage.ts';
import type { TransactionRegistry } from './transactions.ts';

/**
 * What the core asks of the indexes (src/indexes/gate.ts implements it): whether production
 * could serve a query. Declared here so the core depends on no module above it.
 */
export interface IndexGate {
  /** Throws FAILED_PRECONDITION (enforce mode) when production could not serve the query. */
  check(db: DbRef, structuredQuery: StructuredQuery): void;
}

/**
 * Sees each commit that changed documents, before it is acknowledged. `request` is the Commit
 * request the commit applied exactly as given (all its writes, at `commitTime`), when there is
 * one: replaying its writes at that time over the state before gives the same `changes`.
 */
export type ChangeHook = (
  database: Database,
  changes: Change[],
  commitTime: Micros,
  request?: CommitRequest,
) => void;

/** An open Listen stream as commits see it. */
export interface CommitObserver {
  onCommit(database: Database, changes: Change[], commitTime: Micros): void;
  fail(error: unknown): void;
}

export interface CoreState {
  clock: Clock;
  databases: DatabaseRegistry;
  transactions: TransactionRegistry;
  listenStreams: Set<CommitObserver>;
  /** Called synchronously after every commit that changed documents (the journal). */
  changeHooks: Set<ChangeHook>;
  /** Security rules, when the emulator was given an access policy. */
  access?: AccessHooks;
  /** The indexes production would need (firestore.indexes.json), when the emulator checks them. */
  indexes?: IndexGate;
}
