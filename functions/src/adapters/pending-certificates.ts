/**
 * Physical certificates registered by staff before their donor had an account (`registered`,
 * `user: null`, with the donor's e-mail): a new account whose e-mail is verified claims them
 * when it first syncs, as link-code does by code. An unverified e-mail proves nothing, so those
 * donors link with the code printed on their certificate.
 */
import {
  mailboxKey,
  millisOf,
  planCertificateLink,
  readCellDocument,
  readCertificateCodeDocument,
  type CellWithId,
} from '@parroquia/domain';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { storeCells } from './cell-writes';

/** A registered certificate an account is about to hold: its code, its plots as read, its gift. */
export interface CertificateClaim {
  code: DocumentReference;
  cells: CellWithId[];
  donationId: string | null;
  /** The mailbox staff registered it for: the account stands for it from now on (cash limit). */
  mailbox: string | null;
  /** Staff ticked "stay anonymous": the account becomes anonymous. */
  anonymous: boolean;
}

/** Reads (inside `tx`) the pending certificates of `email` whose plots are still waiting. */
export async function claimableCertificates(
  db: Firestore,
  tx: Transaction,
  uid: string,
  email: string,
  now: number,
): Promise<CertificateClaim[]> {
  const pending = await tx.get(
    db
      .collection('certificate_codes')
      .where('email', '==', email.trim().toLowerCase())
      .where('status', '==', 'registered'),
  );
  const claims: CertificateClaim[] = [];
  for (const doc of pending.docs) {
    const record = readCertificateCodeDocument(doc.id, doc.data());
    const plots = record.plots.map((plot) => db.collection('cells').doc(plot));
    const snapshots = plots.length > 0 ? await tx.getAll(...plots) : [];
    const cells: CellWithId[] = snapshots.flatMap((snapshot) => {
      const reading = snapshot.exists ? readCellDocument(snapshot.id, snapshot.data()!) : null;
      return reading?.ok ? [reading.cell] : [];
    });
    // Same rule as link-code: every plot still taken and waiting (or already this donor's).
    const since = await plotsRegisteredSince(db, tx, doc.id, record.plots, doc.data());
    if (!planCertificateLink(record, cells, uid, now, since).ok) continue;
    const donationId = doc.get('donation_id');
    claims.push({
      code: doc.ref,
      cells,
      donationId: typeof donationId === 'string' ? donationId : null,
      mailbox: record.email ? mailboxKey(record.email) : null,
      anonymous: record.is_anonymous_donor,
    });
  }
  return claims;
}

/**
 * Writes claims (after every read of the transaction): the code linked, its plots the donor's
 * (through the one writer of cells), its ledger entry counted for the account, its mailbox the
 * account's. Used by sync for `claimableCertificates` and by link-code for the code typed; the
 * caller writes the account's anonymity when a claim asks for it (`anonymous`).
 */
export function writeCertificateClaims(
  db: Firestore,
  tx: Transaction,
  claims: readonly CertificateClaim[],
  uid: string,
  donorDisplay: string,
  now: number,
): void {
  const at = Timestamp.fromMillis(now);
  for (const claim of claims) {
    tx.update(claim.code, { status: 'linked', user: uid, linked_at: at });
    storeCells(
      tx,
      db,
      claim.cells.map((cell) => ({
        before: cell,
        after: { ...cell, user: uid, donor_display: donorDisplay },
      })),
    );
    if (claim.donationId)
      tx.update(db.collection('donations').doc(claim.donationId), { donor: uid });
  }
}

/** The account's new mailboxes from its claims, for `users/{uid}.mailboxes`. */
export function claimedMailboxes(claims: readonly CertificateClaim[]) {
  const keys = claims.flatMap((claim) => (claim.mailbox ? [claim.mailbox] : []));
  return keys.length > 0 ? { mailboxes: FieldValue.arrayUnion(...keys) } : {};
}

/** Firestore's limit on the values of one `in`. */
const IN_MAX = 30;

/**
 * The plots of certificates registered for these mailboxes and still waiting for their donor
 * (but the codes `except`), that show a name: the name staff typed.
 */
export async function waitingPlotsOf(
  db: Firestore,
  tx: Transaction,
  mailboxes: readonly string[],
  except: readonly string[],
): Promise<CellWithId[]> {
  const asked = [...new Set(mailboxes)].slice(0, IN_MAX);
  if (asked.length === 0) return [];
  const pending = await tx.get(db.collection('certificate_codes').where('mailbox', 'in', asked));
  const plots = new Set(
    pending.docs
      .filter((doc) => !except.includes(doc.id))
      .map((doc) => readCertificateCodeDocument(doc.id, doc.data()))
      .filter((record) => record.status === 'registered')
      .flatMap((record) => record.plots),
  );
  if (plots.size === 0) return [];
  const snapshots = await tx.getAll(...[...plots].map((plot) => db.collection('cells').doc(plot)));
  return snapshots.flatMap((snapshot) => {
    const reading = snapshot.exists ? readCellDocument(snapshot.id, snapshot.data()!) : null;
    const cell = reading?.ok ? reading.cell : null;
    return cell && cell.user === null && cell.donor_display !== null ? [cell] : [];
  });
}

/** Writes the plots without the name staff typed (after every read of the transaction). */
export function hideStaffTypedNames(
  db: Firestore,
  tx: Transaction,
  cells: readonly CellWithId[],
): void {
  storeCells(
    tx,
    db,
    cells.map((cell) => ({ before: cell, after: { ...cell, donor_display: null } })),
  );
}

/**
 * The plots of `plots` that another certificate was registered for after this one (`data` is
 * this code's document): a lapsed reservation's plot may have gone to a newer certificate, and a
 * plot waiting for its donor does not say which certificate it waits for.
 */
export async function plotsRegisteredSince(
  db: Firestore,
  tx: Transaction,
  code: string,
  plots: readonly string[],
  data: Record<string, unknown> | undefined,
): Promise<Set<string>> {
  const asked = [...new Set(plots)].slice(0, IN_MAX);
  if (asked.length === 0) return new Set();
  const registeredAt = millisOf(data?.registered_at) ?? 0;
  const others = await tx.get(
    db.collection('certificate_codes').where('plots', 'array-contains-any', asked),
  );
  const since = new Set<string>();
  for (const other of others.docs) {
    if (other.id === code) continue;
    if ((millisOf(other.get('registered_at')) ?? 0) <= registeredAt) continue;
    for (const plot of readCertificateCodeDocument(other.id, other.data()).plots) {
      if (asked.includes(plot)) since.add(plot);
    }
  }
  return since;
}
