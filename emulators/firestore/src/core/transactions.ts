/**
 * Transactions and their per-document locks. Conflicts are resolved by wound-wait: an older
 * transaction (lower age; a retry inherits the age of the attempt it retries) that wants a lock
 * held by a younger one wounds it (its locks go at once, its next step fails with ABORTED); a
 * younger one waits in an age-ordered queue. No deadlock is possible.
 */
import { randomBytes } from 'node:crypto';
import { Code, FirestoreError } from '../backend.ts';
import type { TransactionOptions } from '../proto-types.ts';
import { fromTimestamp, type Clock, type Micros } from './clock.ts';
import type { Database } from './storage.ts';

interface Waiter {
  transaction: Transaction;
  path: string;
  resolve(): void;
  reject(error: FirestoreError): void;
  timer: NodeJS.Timeout;
}

export interface Lock {
  holder: Transaction;
  waiters: Waiter[];
}

/** A query read inside a read-write transaction, re-run at commit to detect phantom changes. */
export interface RecordedQuery {
  signature: string;
  rerun(): string;
}

export interface Transaction {
  id: string;
  idBytes: Buffer;
  database: Database;
  readOnly: boolean;
  readTime?: Micros;
  /** Lower = older = higher priority (inherited on retry). */
  age: number;
  /** Path -> updateTime of the version read (0 = missing). */
  reads: Map<string, Micros>;
  queries: RecordedQuery[];
  locks: Set<string>;
  state: 'active' | 'done';
  wounded: boolean;
  /** A non-transactional write: waits for locks at most WRITE_LOCK_WAIT_MS, then gives up. */
  writeOnly?: boolean;
  /** Its waits for locks: several at once when it reads documents in parallel. */
  waiting: Set<Waiter>;
  lastUsed: number;
}

/** How long a transaction waits for a lock before it aborts the holder regardless of age. */
const LOCK_WAIT_MS = 4000;
/**
 * How long a non-transactional write waits for a lock a transaction holds before it fails with
 * ABORTED, as Google's emulator answers ("Transaction lock timeout.", after about 2 s).
 */
const WRITE_LOCK_WAIT_MS = 2000;
/** Past this many open transactions, ones idle for IDLE_TRANSACTION_MS are dropped. */
const SWEEP_THRESHOLD = 500;
const IDLE_TRANSACTION_MS = 300_000;
/** How many finished transactions keep their age for a retry. */
const RETIRED_AGES_KEPT = 2000;

export function aborted(
  message = 'Transaction aborted because of contention on a document lock; retry the transaction.',
): FirestoreError {
  return new FirestoreError(Code.ABORTED, message);
}

export function invalidArgument(message: string): FirestoreError {
  return new FirestoreError(Code.INVALID_ARGUMENT, message);
}

export class TransactionRegistry {
  private readonly open = new Map<string, Transaction>();
  /** Ages of finished transactions, so a retry keeps its priority (bounded). */
  private readonly retiredAges = new Map<string, number>();
  /** Per-database locks: database name -> document path -> lock. */
  private readonly locks = new WeakMap<Database, Map<string, Lock>>();
  private ageSequence = 0;

  constructor(private readonly clock: Clock) {}

  begin(database: Database, options: TransactionOptions | undefined): Transaction {
    this.sweep();
    const idBytes = randomBytes(16);
    const id = idBytes.toString('hex');
    const readOnly = !!options?.readOnly;
    let age = ++this.ageSequence;
    const retry = options?.readWrite?.retryTransaction;
    if (retry) {
      const retriedId = Buffer.from(retry).toString('hex');
      const previous = this.open.get(retriedId);
      if (previous) age = previous.age;
      const inherited = this.retiredAges.get(retriedId);
      if (inherited !== undefined) age = Math.min(age, inherited);
    }
    const transaction: Transaction = {
      id,
      idBytes,
      database,
      readOnly,
      age,
      reads: new Map(),
      queries: [],
      locks: new Set(),
      waiting: new Set(),
      state: 'active',
      wounded: false,
      lastUsed: Date.now(),
    };
    if (readOnly) {
      const requested = options!.readOnly!.readTime;
      transaction.readTime = requested ? fromTimestamp(requested) : this.clock.readTimeNow();
    }
    this.open.set(id, transaction);
    return transaction;
  }

  /** The active transaction `id` of `database`, or INVALID_ARGUMENT. */
  lookup(database: Database, id: unknown): Transaction {
    const transaction = this.open.get(Buffer.from(id as Buffer).toString('hex'));
    if (!transaction || transaction.state !== 'active') {
      throw invalidArgument('The referenced transaction has expired or is no longer valid.');
    }
    if (transaction.database !== database) {
      throw invalidArgument('Transaction belongs to another database');
    }
    transaction.lastUsed = Date.now();
    return transaction;
  }

  retire(transaction: Transaction): void {
    transaction.state = 'done';
    // Its waits end with it: a lock granted later to a finished transaction would never go.
    this.stopWaiting(transaction);
    this.release(transaction);
    this.open.delete(transaction.id);
    this.retiredAges.set(transaction.id, transaction.age);
    if (this.retiredAges.size > RETIRED_AGES_KEPT) {
      const oldest = this.retiredAges.keys().next().value;
      if (oldest !== undefined) this.retiredAges.delete(oldest);
    }
  }

  /** True if a transaction holds the lock of one of `paths()` (only computed when locks exist). */
  anyLocked(database: Database, paths: () => string[]): boolean {
    const locks = this.locks.get(database);
    return !!locks && locks.size > 0 && paths().some((path) => locks.has(path));
  }

  /**
   * The locks of a non-transactional write: it is the youngest, so it waits for the
   * transactions holding them (never wounds them), and gives up with ABORTED after
   * WRITE_LOCK_WAIT_MS. Retire the returned holder once the write is applied.
   */
  async lockForWrite(database: Database, paths: string[]): Promise<Transaction> {
    const writer = this.begin(database, undefined);
    writer.age = Number.MAX_SAFE_INTEGER;
    writer.writeOnly = true;
    try {
      await this.lockAll(writer, paths);
    } catch (e) {
      this.retire(writer);
      throw e;
    }
    return writer;
  }

  /** Locks `paths` in a fixed order (sorted), waiting or wounding as wound-wait says. */
  async lockAll(transaction: Transaction, paths: string[]): Promise<void> {
    for (const path of [...new Set(paths)].sort()) await this.acquire(transaction, path);
  }

  private locksOf(database: Database): Map<string, Lock> {
    let locks = this.locks.get(database);
    if (!locks) {
      locks = new Map();
      this.locks.set(database, locks);
    }
    return locks;
  }

  private acquire(transaction: Transaction, path: string): Promise<void> | void {
    if (transaction.wounded) throw aborted();
    const locks = this.locksOf(transaction.database);
    const lock = locks.get(path);
    if (!lock) {
      locks.set(path, { holder: transaction, waiters: [] });
      transaction.locks.add(path);
      return;
    }
    if (lock.holder === transaction) return;
    if (transaction.age < lock.holder.age) {
      // Wound: the older transaction takes the lock; the younger will abort.
      this.wound(lock.holder);
      return this.acquire(transaction, path);
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        transaction,
        path,
        resolve,
        reject,
        timer: setTimeout(
          () => {
            const current = locks.get(path);
            if (!current || current.holder === transaction || !transaction.waiting.has(waiter))
              return;
            if (transaction.writeOnly) {
              transaction.waiting.delete(waiter);
              current.waiters = current.waiters.filter((w) => w !== waiter);
              reject(aborted('Transaction lock timeout.'));
            } else this.wound(current.holder);
          },
          transaction.writeOnly ? WRITE_LOCK_WAIT_MS : LOCK_WAIT_MS,
        ),
      };
      waiter.timer.unref?.();
      transaction.waiting.add(waiter);
      const younger = lock.waiters.findIndex((w) => w.transaction.age > transaction.age);
      if (younger < 0) lock.waiters.push(waiter);
      else lock.waiters.splice(younger, 0, waiter);
    });
  }

  private release(transaction: Transaction): void {
    const locks = this.locksOf(transaction.database);
    for (const path of transaction.locks) {
      const lock = locks.get(path);
      if (!lock || lock.holder !== transaction) continue;
      const next = lock.waiters.shift();
      if (next) {
        clearTimeout(next.timer);
        lock.holder = next.transaction;
        next.transaction.locks.add(path);
        next.transaction.waiting.delete(next);
        next.resolve();
      } else locks.delete(path);
    }
    transaction.locks.clear();
  }

  private wound(transaction: Transaction): void {
    if (transaction.state !== 'active') return;
    transaction.wounded = true;
    this.stopWaiting(transaction);
    this.release(transaction);
  }

  /** Every wait of `transaction` ends with ABORTED, its place in each lock's queue given up. */
  private stopWaiting(transaction: Transaction): void {
    const locks = this.locksOf(transaction.database);
    for (const waiter of transaction.waiting) {
      clearTimeout(waiter.timer);
      const lock = locks.get(waiter.path);
      if (lock) lock.waiters = lock.waiters.filter((w) => w !== waiter);
      waiter.reject(aborted());
    }
    transaction.waiting.clear();
  }

  private sweep(): void {
    if (this.open.size < SWEEP_THRESHOLD) return;
    const idleSince = Date.now() - IDLE_TRANSACTION_MS;
    for (const [id, transaction] of this.open) {
      if (transaction.lastUsed < idleSince) {
        this.wound(transaction);
        transaction.state = 'done';
        this.open.delete(id);
      }
    }
  }
}
