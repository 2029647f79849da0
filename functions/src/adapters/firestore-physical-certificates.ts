/**
 * Registering a physical certificate in one Firestore transaction: read the plots, the code,
 * the donor and their cash this month; let the domain decide; write plots, ledger entry and
 * code together, or nothing.
 */
import { createHash } from 'node:crypto';
import {
  formatPlotCode,
  planPhysicalRegistration,
  readCellDocument,
  readCertificateCodeDocument,
  spanishMonthOf,
  type Cell,
  type LedgerEntry,
  type RegisteredDonor,
} from '@parroquia/domain';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { PhysicalCertificateRegistrar } from '../ports';
import { cellData } from './cell-writes';
import { ledgerDocument, ledgerEntryFromDocument } from './ledger-document';

export function firestorePhysicalCertificates(db: () => Firestore): PhysicalCertificateRegistrar {
  return {
    register(registration, staffUid, now) {
      const firestore = db();
      return firestore.runTransaction(async (tx) => {
        const codeRef = firestore.collection('certificate_codes').doc(registration.code);
        const cellRefs = registration.plots.map((plot) =>
          firestore.collection('cells').doc(formatPlotCode(plot)),
        );
        const [codeSnapshot, ...cellSnapshots] = await tx.getAll(codeRef, ...cellRefs);
        const cells = new Map<string, Cell>();
        for (const snapshot of cellSnapshots) {
          const reading = snapshot.exists ? readCellDocument(snapshot.id, snapshot.data()!) : null;
          if (reading?.ok) cells.set(snapshot.id, reading.cell);
        }
        const donor = await findDonor(firestore, tx, registration.email);
        const month = spanishMonthOf(now);
        const guards =
          registration.method === 'cash'
            ? cashGuardRefs(firestore, registration.email, donor, month)
            : [];
        if (guards.length > 0) await tx.getAll(...guards);
        const cashThisMonthCents =
          registration.method === 'cash'
            ? await cashThisMonth(firestore, tx, registration.email, donor, month)
            : [];

        const plan = planPhysicalRegistration(
          registration,
          {
            cells,
            certificateStatus: codeSnapshot?.exists
              ? readCertificateCodeDocument(registration.code, codeSnapshot.data()!).status
              : null,
            donor,
            cashThisMonthCents,
          },
          now,
        );
        if (!plan.ok) return plan;

        for (const cell of plan.cells) {
          tx.set(firestore.collection('cells').doc(cell.id), cellData(cell));
        }
        const donationRef = firestore.collection('donations').doc();
        const entry: LedgerEntry = {
          donor: plan.donorUid,
          donor_email: registration.email,
          donor_name: donor?.name || registration.name,
          method: registration.method,
          kind: plan.kind,
          amount_cents: plan.amountCents,
          cells: plan.cells.map((cell) => cell.id),
          month,
          created_at: now,
          recorded_by: staffUid,
        };
        tx.create(donationRef, { ...ledgerDocument(entry), certificate_code: registration.code });
        // The shape of `domain/src/certificate-code.ts`. `registered` (no account yet) waits on
        // the code and the e-mail: link-code (by code) sets `user` on it, on its plots and on
        // the ledger entry `donation_id`.
        const at = Timestamp.fromMillis(now);
        tx.update(codeRef, {
          status: plan.donorUid ? 'linked' : 'registered',
          user: plan.donorUid,
          email: registration.email,
          name: registration.name,
          is_anonymous_donor: registration.is_anonymous_donor,
          plots: entry.cells,
          reserve: plan.kind === 'reserve',
          method: registration.method,
          donation_id: donationRef.id,
          registered_at: at,
          registered_by: staffUid,
          ...(plan.donorUid ? { linked_at: at } : {}),
        });
        for (const guard of guards) {
          tx.set(guard, { month, updated_at: Timestamp.fromMillis(now) });
        }
        return plan;
      });
    },
  };
}

/** The user whose profile has this e-mail (as typed at sign-up or lowercased). */
async function findDonor(
  firestore: Firestore,
  tx: Transaction,
  email: string,
): Promise<RegisteredDonor | null> {
  const snapshot = await tx.get(firestore.collection('users').where('email', '==', email).limit(1));
  const doc = snapshot.docs[0];
  if (!doc) return null;
  const data = doc.data();
  return {
    uid: doc.id,
    name: typeof data.name === 'string' ? data.name : '',
    personal_code: typeof data.personal_code === 'string' ? data.personal_code : '',
    is_anonymous_donor: data.is_anonymous_donor === true,
  };
}

/**
 * One document per donor key (e-mail, account) and month, read and written by every cash
 * registration for that donor: two staff recording cash for the same donor at once conflict on
 * it, so the second sees the first's entry when it sums the month.
 */
function cashGuardRefs(
  firestore: Firestore,
  email: string,
  donor: RegisteredDonor | null,
  month: string,
) {
  const keys = [`email:${email}`, ...(donor ? [`uid:${donor.uid}`] : [])];
  return keys.map((key) =>
    firestore
      .collection('cash_limit_locks')
      .doc(`${month}_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`),
  );
}

/** The donor's cash this month, by e-mail and by account, each entry counted once. */
async function cashThisMonth(
  firestore: Firestore,
  tx: Transaction,
  email: string,
  donor: RegisteredDonor | null,
  month: string,
): Promise<number[]> {
  const cashOfMonth = firestore
    .collection('donations')
    .where('month', '==', month)
    .where('method', '==', 'cash');
  const snapshots = await Promise.all([
    tx.get(cashOfMonth.where('donor_email', '==', email)),
    ...(donor ? [tx.get(cashOfMonth.where('donor', '==', donor.uid))] : []),
  ]);
  const byId = new Map<string, number>();
  for (const snapshot of snapshots) {
    for (const doc of snapshot.docs)
      byId.set(doc.id, ledgerEntryFromDocument(doc.data()).amount_cents);
  }
  return [...byId.values()];
}
