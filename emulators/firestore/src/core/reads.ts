/** How a read request reads: in a transaction, at a readTime, or now. */
import type { Timestamp, TransactionOptions } from '../proto-types.ts';
import { fromTimestamp, type Micros } from './clock.ts';
import type { CoreState } from './state.ts';
import type { Database, StoredDoc } from './storage.ts';
import { aborted, type Transaction } from './transactions.ts';

export interface ReadContext {
  database: Database;
  /** Read at this time (readTime reads, read-only transactions); undefined = latest. */
  at?: Micros;
  transaction?: Transaction;
  /** Set when the request began a transaction (`newTransaction`): its id is returned. */
  newTransactionId?: Buffer;
  readTime: Micros;
}

/** The fields of a read request that say how it reads (GetDocument, BatchGet, RunQuery...). */
export interface ReadOptions {
  transaction?: Buffer;
  newTransaction?: TransactionOptions;
  readTime?: Timestamp;
}

export function readContext(
  state: CoreState,
  database: Database,
  request: ReadOptions,
): ReadContext {
  const { clock, transactions } = state;
  if (request.transaction && request.transaction.length) {
    const transaction = transactions.lookup(database, request.transaction);
    if (transaction.wounded) throw aborted();
    if (transaction.readOnly) {
      return { database, transaction, at: transaction.readTime, readTime: transaction.readTime! };
    }
    return { database, transaction, readTime: clock.readTimeNow() };
  }
  if (request.newTransaction) {
    const transaction = transactions.begin(database, request.newTransaction);
    const newTransactionId = transaction.idBytes;
    if (transaction.readOnly) {
      const readTime = transaction.readTime!;
      return { database, transaction, at: readTime, newTransactionId, readTime };
    }
    return { database, transaction, newTransactionId, readTime: clock.readTimeNow() };
  }
  if (request.readTime) {
    const at = fromTimestamp(request.readTime);
    return { database, at, readTime: at };
  }
  return { database, readTime: clock.readTimeNow() };
}

/** Locks (read-write transactions) then reads documents; records the versions read. */
export async function readDocuments(
  state: CoreState,
  context: ReadContext,
  paths: string[],
): Promise<(StoredDoc | null)[]> {
  const transaction = context.transaction;
  if (!transaction || transaction.readOnly) {
    return paths.map((path) => context.database.get(path, context.at));
  }
  await state.transactions.lockAll(transaction, paths);
  if (transaction.wounded) throw aborted();
  context.readTime = state.clock.readTimeNow();
  const docs = paths.map((path) => context.database.get(path));
  paths.forEach((path, i) => {
    if (!transaction.reads.has(path)) transaction.reads.set(path, docs[i]?.updateTime ?? 0);
  });
  return docs;
}
