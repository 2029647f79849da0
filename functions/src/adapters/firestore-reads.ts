/**
 * Reads shared by the money adapters, each inside a transaction: plots, donors, ledger rows and
 * queued mails, as the money core takes them.
 */
import {
  parsePlotCode,
  readCellDocument,
  readDonorRecord,
  readLedgerRow,
  type CellWithId,
  type DonorOnRecord,
  type LedgerRow,
} from '@parroquia/domain';
import type { DocumentSnapshot, Firestore, Query, Transaction } from 'firebase-admin/firestore';
import type { AddressProofs } from '../ports/sign-in';

/** A missing or malformed cell reads as a plot nobody can pay for or take. */
export function storedCell(snapshot: DocumentSnapshot): CellWithId {
  const reading = snapshot.exists ? readCellDocument(snapshot.id, snapshot.data() ?? {}) : null;
  if (reading?.ok) return reading.cell;
  return {
    id: snapshot.id,
    ...parsePlotCode(snapshot.id),
    status: 'bought',
    user: null,
    donor_display: null,
    hold: null,
    reserved_until: null,
  };
}

function plotSnapshots(db: Firestore, tx: Transaction, codes: readonly string[]) {
  return codes.length === 0
    ? Promise.resolve([])
    : tx.getAll(...codes.map((code) => db.collection('cells').doc(code)));
}

/** The plots as stored (unreadable ones as taken). */
export async function readCells(
  db: Firestore,
  tx: Transaction,
  codes: readonly string[],
): Promise<CellWithId[]> {
  return (await plotSnapshots(db, tx, codes)).map(storedCell);
}

/** The plots that are stored and well formed. */
export async function readStoredCells(
  db: Firestore,
  tx: Transaction,
  codes: readonly string[],
): Promise<CellWithId[]> {
  return (await plotSnapshots(db, tx, codes)).flatMap((snapshot) => {
    const reading = snapshot.exists ? readCellDocument(snapshot.id, snapshot.data()!) : null;
    return reading?.ok ? [reading.cell] : [];
  });
}

/** The account `uid` as stored, and whether Firebase Auth proves its address (mail needs it). */
export async function readDonor(
  db: Firestore,
  tx: Transaction,
  uid: string,
  proofs: AddressProofs,
): Promise<DonorOnRecord | null> {
  const snapshot = await tx.get(db.collection('users').doc(uid));
  if (!snapshot.exists) return null;
  const proven = await proofs.provenAddresses([uid]);
  return readDonorRecord(uid, snapshot.data() ?? {}, proven.get(uid) ?? null);
}

export async function readLedger(tx: Transaction, query: Query): Promise<LedgerRow[]> {
  return (await tx.get(query)).docs.map((doc) => readLedgerRow(doc.id, doc.data()));
}

/** Which of these mail ids are queued already. */
export async function readMailsQueued(
  db: Firestore,
  tx: Transaction,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const snapshots = await tx.getAll(...ids.map((id) => db.collection('mail').doc(id)));
  return new Set(snapshots.filter((snapshot) => snapshot.exists).map((snapshot) => snapshot.id));
}
