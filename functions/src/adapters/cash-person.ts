/**
 * The person the cash limit counts (docs/product.md, "Money"), read inside a transaction: the
 * accounts that share one of the mailboxes given (an account's `mailboxes`: its own address and
 * those of the certificates linked to it), joined as the domain's `cashPersonOf` says, the
 * person's ledger entries (every month: a link may join gifts of several), and one lock document
 * per account and mailbox, so two registrations or links for the same person at once conflict
 * and the second counts the first.
 */
import { createHash } from 'node:crypto';
import {
  cashPersonOf,
  readDonorRecord,
  readLedgerRow,
  type CashEntry,
  type CashPerson,
} from '@parroquia/domain';
import {
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import { readAnyOf } from './any-of';

export interface CashPersonReading {
  person: CashPerson;
  entries: CashEntry[];
  locks: DocumentReference[];
}

export async function readCashPerson(
  db: Firestore,
  tx: Transaction,
  start: CashPerson,
): Promise<CashPersonReading> {
  const read = (query: Query) => tx.get(query);
  // Every mailbox asked, however many (a person's certificates add theirs), in chunks.
  const sharing = await readAnyOf(read, start.mailboxes, (keys) =>
    db.collection('users').where('mailboxes', 'array-contains-any', keys),
  );
  const person = cashPersonOf(
    start,
    sharing.map((account) => ({
      uid: account.id,
      mailboxes: readDonorRecord(account.id, account.data(), null).mailboxes,
    })),
  );
  const { uids, mailboxes } = person;
  const donations = db.collection('donations');
  const [byMailbox, byAccount] = await Promise.all([
    readAnyOf(read, mailboxes, (keys) => donations.where('donor_key', 'in', keys)),
    readAnyOf(read, uids, (ids) => donations.where('donor', 'in', ids)),
  ]);
  const byId = new Map<string, CashEntry>();
  for (const doc of [...byMailbox, ...byAccount]) {
    byId.set(doc.id, readLedgerRow(doc.id, doc.data()));
  }
  const locks = [
    ...uids.map((uid) => `uid:${uid}`),
    ...mailboxes.map((key) => `mailbox:${key}`),
  ].map((key) => lockRef(db, key));
  if (locks.length > 0) await tx.getAll(...locks);
  return { person, entries: [...byId.values()], locks };
}

/** Written after the transaction's reads: the write every concurrent one conflicts on. */
export function touchCashLocks(tx: Transaction, reading: CashPersonReading, now: number) {
  for (const lock of reading.locks) tx.set(lock, { updated_at: Timestamp.fromMillis(now) });
}

function lockRef(db: Firestore, key: string): DocumentReference {
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 32);
  return db.collection('cash_limit_locks').doc(hash);
}
