/**
 * Registering a physical certificate in one Firestore transaction: read the plots, the code,
 * the donor and their cash this month; let the domain decide; write plots, ledger entry and
 * code together, or nothing.
 */
import {
  donationEntry,
  donorDisplay,
  formatPlotCode,
  mailboxKey,
  personCashOfMonth,
  planPhysicalRegistration,
  readCellDocument,
  readCertificateCodeDocument,
  spanishMonthOf,
  type Cell,
  type RegisteredDonor,
} from '@parroquia/domain';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { PhysicalCertificateRegistrar } from '../ports';
import { accountMailboxes, readCashPerson, touchCashLocks } from './cash-person';
import { storeCells } from './cell-writes';
import { donorCellsIn, writeDonorDisplay } from './donor-cells';
import { ledgerDocument } from './ledger-document';

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
        const mailboxHasAccount =
          !donor && (await accountsOfMailbox(firestore, tx, mailboxKey(registration.email))) > 0;
        const month = spanishMonthOf(now);
        const cash =
          registration.method === 'cash'
            ? await readCashPerson(firestore, tx, {
                uids: donor ? [donor.uid] : [],
                mailboxes: [mailboxKey(registration.email), ...(donor?.mailboxes ?? [])],
              })
            : null;
        // Staff ticking "stay anonymous" makes the account anonymous: its other plots too.
        const donorCells =
          donor && registration.is_anonymous_donor && !donor.is_anonymous_donor
            ? await donorCellsIn(firestore, tx, donor.uid)
            : [];

        const plan = planPhysicalRegistration(
          registration,
          {
            cells,
            certificateStatus: codeSnapshot?.exists
              ? readCertificateCodeDocument(registration.code, codeSnapshot.data()!).status
              : null,
            donor,
            mailboxHasAccount,
            cashThisMonthCents: cash ? personCashOfMonth(cash.entries, cash.person, month) : [],
          },
          now,
        );
        if (!plan.ok) return plan;

        storeCells(
          tx,
          firestore,
          plan.cells.map((cell) => ({ before: cells.get(cell.id) ?? null, after: cell })),
        );
        const at = Timestamp.fromMillis(now);
        if (donor && plan.donorBecomesAnonymous) {
          tx.update(firestore.collection('users').doc(donor.uid), {
            is_anonymous_donor: true,
            updated_at: at,
          });
          const display = donorDisplay({ ...donor, is_anonymous_donor: true });
          writeDonorDisplay(firestore, tx, donorCells, donor.uid, display, now);
        }
        const donationRef = firestore.collection('donations').doc();
        const entry = donationEntry({
          method: registration.method,
          kind: plan.kind,
          donor: {
            uid: plan.donorUid,
            email: registration.email,
            name: donor?.name || registration.name,
          },
          plots: plan.cells.map((cell) => cell.id),
          amountCents: plan.amountCents,
          at: now,
          recordedBy: staffUid,
        });
        tx.create(donationRef, { ...ledgerDocument(entry), certificate_code: registration.code });
        // The shape of `domain/src/certificate-code.ts`. `registered` (no account yet) waits on
        // the code and the e-mail: link-code (by code) sets `user` on it, on its plots and on
        // the ledger entry `donation_id`.
        tx.update(codeRef, {
          status: plan.donorUid ? 'linked' : 'registered',
          user: plan.donorUid,
          email: registration.email,
          mailbox: mailboxKey(registration.email),
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
        if (cash) touchCashLocks(tx, cash, now);
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
): Promise<(RegisteredDonor & { mailboxes: string[] }) | null> {
  const snapshot = await tx.get(firestore.collection('users').where('email', '==', email).limit(1));
  const doc = snapshot.docs[0];
  if (!doc) return null;
  const data = doc.data();
  return {
    uid: doc.id,
    name: typeof data.name === 'string' ? data.name : '',
    personal_code: typeof data.personal_code === 'string' ? data.personal_code : '',
    is_anonymous_donor: data.is_anonymous_donor === true,
    mailboxes: accountMailboxes(data),
  };
}

/** How many accounts stand for the mailbox (`users/{uid}.mailboxes`). */
async function accountsOfMailbox(firestore: Firestore, tx: Transaction, mailbox: string) {
  const found = await tx.get(
    firestore.collection('users').where('mailboxes', 'array-contains', mailbox).limit(1),
  );
  return found.size;
}
