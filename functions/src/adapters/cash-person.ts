/**
 * The person the cash limit counts (docs/product.md, "Money"), read inside a transaction: the
 * accounts and mailboxes given, every account that shares one of those mailboxes (an account's
 * `mailboxes`: its own address and those of the certificates linked to it), the cash entries of
 * the month, and one lock document per account and mailbox, so two registrations or links for
 * the same person at once conflict and the second counts the first.
 */
import { createHash } from 'node:crypto';
import { mailboxKey, type CashEntry, type CashPerson } from '@parroquia/domain';
import {
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { ledgerRowOf } from './ledger-document';

/** Firestore's limit on the values of one `array-contains-any`. */
const ANY_OF_MAX = 30;

export interface CashPersonReading {
  person: CashPerson;
  entries: CashEntry[];
  locks: DocumentReference[];
}

/** The mailboxes an account stands for; accounts from before the field have their own address. */
export function accountMailboxes(data: DocumentData | undefined): string[] {
  if (!data) return [];
  const stored = Array.isArray(data.mailboxes)
    ? data.mailboxes.filter((key): key is string => typeof key === 'string')
    : [];
  const own = typeof data.email === 'string' && data.email !== '' ? [mailboxKey(data.email)] : [];
  return [...new Set([...own, ...stored])];
}

export async function readCashPerson(
  db: Firestore,
  tx: Transaction,
  start: CashPerson,
  month: string,
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
      for (const key of accountMailboxes(account.data())) mailboxes.add(key);
    }
  }
  const ofMonth = await tx.get(db.collection('donations').where('month', '==', month));
  const entries: CashEntry[] = ofMonth.docs.map(ledgerRowOf);
  const locks = [
    ...[...uids].map((uid) => `uid:${uid}`),
    ...[...mailboxes].map((key) => `mailbox:${key}`),
  ].map((key) => lockRef(db, month, key));
  if (locks.length > 0) await tx.getAll(...locks);
  return { person: { uids: [...uids], mailboxes: [...mailboxes] }, entries, locks };
}

/** Written after the transaction's reads: the write every concurrent one conflicts on. */
export function touchCashLocks(
  tx: Transaction,
  reading: CashPersonReading,
  month: string,
  now: number,
) {
  for (const lock of reading.locks) tx.set(lock, { month, updated_at: Timestamp.fromMillis(now) });
}

function lockRef(db: Firestore, month: string, key: string): DocumentReference {
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 32);
  return db.collection('cash_limit_locks').doc(`${month}_${hash}`);
}
