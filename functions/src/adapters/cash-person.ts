/**
 * The person the cash limit counts (docs/product.md, "Money"), read inside a transaction: the
 * accounts and mailboxes given, every account that shares one of those mailboxes (an account's
 * `mailboxes`: its own address and those of the certificates linked to it), the person's ledger
 * entries (every month: a link may join gifts of several), and one lock document per account
 * and mailbox, so two registrations or links for the same person at once conflict and the
 * second counts the first.
 */
import { createHash } from 'node:crypto';
import { readDonorRecord, readLedgerRow, type CashEntry, type CashPerson } from '@parroquia/domain';
import {
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';

/** Firestore's limit on the values of one `array-contains-any`. */
const ANY_OF_MAX = 30;

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
  const uids = new Set(start.uids);
  const mailboxes = new Set(start.mailboxes);
  const asked = [...mailboxes].slice(0, ANY_OF_MAX);
  if (asked.length > 0) {
    const sharing = await tx.get(
      db.collection('users').where('mailboxes', 'array-contains-any', asked),
    );
    for (const account of sharing.docs) {
      uids.add(account.id);
      // Every account counts for the person, its address proven or not: the limit errs strict.
      const record = readDonorRecord(account.id, account.data(), null);
      for (const key of record.mailboxes) mailboxes.add(key);
    }
  }
  const donations = db.collection('donations');
  const reads = [
    ...chunks([...mailboxes]).map((keys) => donations.where('donor_key', 'in', keys)),
    ...chunks([...uids]).map((ids) => donations.where('donor', 'in', ids)),
  ];
  const byId = new Map<string, CashEntry>();
  for (const snapshot of await Promise.all(reads.map((query) => tx.get(query)))) {
    for (const doc of snapshot.docs) byId.set(doc.id, readLedgerRow(doc.id, doc.data()));
  }
  const locks = [
    ...[...uids].map((uid) => `uid:${uid}`),
    ...[...mailboxes].map((key) => `mailbox:${key}`),
  ].map((key) => lockRef(db, key));
  if (locks.length > 0) await tx.getAll(...locks);
  return {
    person: { uids: [...uids], mailboxes: [...mailboxes] },
    entries: [...byId.values()],
    locks,
  };
}

/** Written after the transaction's reads: the write every concurrent one conflicts on. */
export function touchCashLocks(tx: Transaction, reading: CashPersonReading, now: number) {
  for (const lock of reading.locks) tx.set(lock, { updated_at: Timestamp.fromMillis(now) });
}

function chunks(values: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < values.length; i += ANY_OF_MAX) out.push(values.slice(i, i + ANY_OF_MAX));
  return out;
}

function lockRef(db: Firestore, key: string): DocumentReference {
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 32);
  return db.collection('cash_limit_locks').doc(hash);
}
