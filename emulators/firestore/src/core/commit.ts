/** Commit, BatchWrite and the notification of every change to listeners and hooks. */
import { Code, FirestoreError } from '../backend.ts';
import type {
  BatchWriteRequest,
  BatchWriteResponse,
  CommitRequest,
  CommitResponse,
  Status,
  Write,
  WriteResult,
} from '../proto-types.ts';
import { toTimestamp, type Micros } from './clock.ts';
import { parseDatabase, parseDocumentName } from './paths.ts';
import type { CoreState } from './state.ts';
import type { Change, Database } from './storage.ts';
import { aborted, invalidArgument, type Transaction } from './transactions.ts';
import { stageWrites, storeStaged, writeTarget, type StagedCommit } from './writes.ts';

/** Decides a staged commit before it is stored (security rules); throws to refuse it. */
export type CommitCheck = (database: Database, commit: StagedCommit, commitTime: Micros) => void;

/** Tells every hook and Listen stream about a commit, synchronously and in commit order. */
export function notifyCommit(
  state: CoreState,
  database: Database,
  changes: Change[],
  commitTime: Micros,
  request?: CommitRequest,
): void {
  if (!changes.length) return;
  for (const hook of state.changeHooks) {
    try {
      hook(database, changes, commitTime, request);
    } catch (e) {
      console.error('firestore emulator: change hook failed:', e);
    }
  }
  for (const stream of [...state.listenStreams]) {
    try {
      stream.onCommit(database, changes, commitTime);
    } catch (e) {
      stream.fail(e);
    }
  }
}

/**
 * Stages, checks, stores and announces `writes` as one commit. `request`: the Commit request
 * whose writes these are, exactly (the journal may keep it instead of the documents).
 */
export function commitWrites(
  state: CoreState,
  database: Database,
  writes: Write[],
  check?: CommitCheck,
  request?: CommitRequest,
): { results: WriteResult[]; commitTime: Micros } {
  const commitTime = state.clock.nextCommitTime();
  const staged = stageWrites(database, writes, commitTime);
  check?.(database, staged, commitTime);
  const changes = storeStaged(database, staged, commitTime);
  notifyCommit(state, database, changes, commitTime, request);
  return { results: staged.results, commitTime };
}

/**
 * Applies a journaled Commit request's writes at the time it was committed (at start, before
 * any client: no rules, no listeners, no journal). The state before it is the state it met.
 */
export function replayCommit(state: CoreState, request: CommitRequest, commitTime: Micros): void {
  const database = state.databases.databaseFor(parseDatabase(request.database));
  storeStaged(database, stageWrites(database, request.writes ?? [], commitTime), commitTime);
  state.clock.observe(commitTime);
}

function writtenPaths(writes: Write[]): string[] {
  const paths: string[] = [];
  for (const write of writes) {
    const name = writeTarget(write);
    if (name) paths.push(parseDocumentName(name).path);
  }
  return paths;
}

/** Locks what the transaction writes, then checks that nothing it read has changed. */
async function validateTransaction(
  state: CoreState,
  database: Database,
  transaction: Transaction,
  writes: Write[],
): Promise<void> {
  if (transaction.readOnly && writes.length) {
    throw invalidArgument('Cannot write in a read-only transaction');
  }
  if (transaction.wounded) throw aborted();
  if (transaction.readOnly) return;
  await state.transactions.lockAll(transaction, writtenPaths(writes));
  if (transaction.wounded) throw aborted();
  for (const [path, updateTime] of transaction.reads) {
    if ((database.get(path)?.updateTime ?? 0) !== updateTime) {
      throw aborted(
        'Transaction aborted: a document read in this transaction has changed since it was read.',
      );
    }
  }
  for (const query of transaction.queries) {
    if (query.rerun() !== query.signature) {
      throw aborted('Transaction aborted: a query result read in this transaction has changed.');
    }
  }
}

export async function commit(
  state: CoreState,
  request: CommitRequest,
  check?: CommitCheck,
): Promise<CommitResponse> {
  const database = state.databases.databaseFor(parseDatabase(request.database));
  const writes = request.writes ?? [];
  if (!request.transaction || !request.transaction.length) {
    // A write to a document a running transaction has locked waits for that transaction.
    const paths = () => writtenPaths(writes);
    const writer = state.transactions.anyLocked(database, paths)
      ? await state.transactions.lockForWrite(database, paths())
      : undefined;
    try {
      const { results, commitTime } = commitWrites(state, database, writes, check, request);
      return { writeResults: results, commitTime: toTimestamp(commitTime) };
    } finally {
      if (writer) state.transactions.retire(writer);
    }
  }
  const transaction = state.transactions.lookup(database, request.transaction);
  try {
    await validateTransaction(state, database, transaction, writes);
    const { results, commitTime } = commitWrites(state, database, writes, check, request);
    return { writeResults: results, commitTime: toTimestamp(commitTime) };
  } finally {
    state.transactions.retire(transaction);
  }
}

/** Non-atomic writes: each applied on its own, each with its own status. */
export function batchWrite(
  state: CoreState,
  request: BatchWriteRequest,
  check?: CommitCheck,
): BatchWriteResponse {
  const database = state.databases.databaseFor(parseDatabase(request.database));
  const writeResults: WriteResult[] = [];
  const status: Status[] = [];
  for (const write of request.writes ?? []) {
    try {
      const { results } = commitWrites(state, database, [write], check);
      writeResults.push(results[0] ?? {});
      status.push({ code: 0 });
    } catch (e) {
      const error = e instanceof FirestoreError ? e : new FirestoreError(Code.INTERNAL, String(e));
      writeResults.push({});
      status.push({ code: error.code, message: error.message });
    }
  }
  return { writeResults, status };
}
