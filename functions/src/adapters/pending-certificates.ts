/**
 * Reads of physical certificates for a claim by their donor's account, inside a transaction:
 * those staff registered for a verified e-mail (claimed at the account's first sign-in), the
 * one a donor typed (link-code), and the plots of a mailbox's other certificates still waiting.
 * What a claim does is the money core's (`decideAccountClaims`, `decideCertificateLink`).
 */
import {
  millisOf,
  readCertificateCodeDocument,
  readLedgerRow,
  type CellWithId,
  type CertificateOnRecord,
} from '@parroquia/domain';
import type { DocumentSnapshot, Firestore, Query, Transaction } from 'firebase-admin/firestore';
import { readAnyOf } from './any-of';
import { readStoredCells } from './firestore-reads';

/** A code document as a certificate on record: its plots as read, its gift, newer claims. */
export async function certificateOnRecord(
  db: Firestore,
  tx: Transaction,
  snapshot: DocumentSnapshot,
): Promise<CertificateOnRecord | null> {
  const data = snapshot.data();
  if (!data) return null;
  const record = readCertificateCodeDocument(snapshot.id, data);
  const cells = await readStoredCells(db, tx, record.plots);
  // The registration's row, and the rest of its reservation staff recorded, if any.
  const rows = await tx.get(
    db.collection('donations').where('certificate_code', '==', snapshot.id),
  );
  const donationId = data.donation_id;
  const waiting = rows.docs
    .filter((row) => row.get('donor') === null || row.id === donationId)
    .map((row) => readLedgerRow(row.id, row.data()));
  return {
    record,
    cells,
    rows: waiting,
    registeredSince: await plotsRegisteredSince(db, tx, snapshot.id, record.plots, data),
  };
}

/** The certificates registered for `email` that still wait for their donor. */
export async function pendingCertificates(
  db: Firestore,
  tx: Transaction,
  email: string,
): Promise<CertificateOnRecord[]> {
  const pending = await tx.get(
    db
      .collection('certificate_codes')
      .where('email', '==', email.trim().toLowerCase())
      .where('status', '==', 'registered'),
  );
  const out: CertificateOnRecord[] = [];
  for (const doc of pending.docs) {
    const certificate = await certificateOnRecord(db, tx, doc);
    if (certificate) out.push(certificate);
  }
  return out;
}

/** The plots of the mailboxes' certificates (but the codes `except`), as stored. */
export async function waitingPlotsOf(
  db: Firestore,
  tx: Transaction,
  mailboxes: readonly string[],
  except: readonly string[],
): Promise<CellWithId[]> {
  const pending = await readAnyOf(
    (query: Query) => tx.get(query),
    mailboxes,
    (asked) => db.collection('certificate_codes').where('mailbox', 'in', asked),
  );
  const plots = new Set(
    pending
      .filter((doc) => !except.includes(doc.id))
      // A linked code's plots are an account's: the core leaves them as they are.
      .flatMap((doc) => readCertificateCodeDocument(doc.id, doc.data()).plots),
  );
  return readStoredCells(db, tx, [...plots]);
}

/**
 * The plots of `plots` that another certificate was registered for after this one (`data` is
 * this code's document): a lapsed reservation's plot may have gone to a newer certificate, and a
 * plot waiting for its donor does not say which certificate it waits for.
 */
async function plotsRegisteredSince(
  db: Firestore,
  tx: Transaction,
  code: string,
  plots: readonly string[],
  data: Record<string, unknown>,
): Promise<Set<string>> {
  const asked = new Set(plots);
  const registeredAt = millisOf(data.registered_at) ?? 0;
  // Every plot of the certificate, however many (a registration may hold 50).
  const others = await readAnyOf(
    (query: Query) => tx.get(query),
    asked,
    (chunk) => db.collection('certificate_codes').where('plots', 'array-contains-any', chunk),
  );
  const since = new Set<string>();
  for (const other of others) {
    if (other.id === code) continue;
    if ((millisOf(other.get('registered_at')) ?? 0) <= registeredAt) continue;
    for (const plot of readCertificateCodeDocument(other.id, other.data()).plots) {
      if (asked.has(plot)) since.add(plot);
    }
  }
  return since;
}
