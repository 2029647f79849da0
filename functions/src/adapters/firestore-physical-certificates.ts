/**
 * Registering a physical certificate in one Firestore transaction: read the plots, the code,
 * the account of the e-mail (and whether Firebase Auth proves that address), its plots and the
 * person's cash; let the money core decide (`decideStaffRegistration`); write what it says, or
 * nothing.
 */
import {
  accountOfEmail,
  cashPersonStart,
  decideStaffRegistration,
  formatPlotCode,
  mailboxKey,
  readCertificateCodeDocument,
  readDonorRecord,
  type DonorOnRecord,
} from '@parroquia/domain';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { PhysicalCertificateRegistrar } from '../ports/certificates';
import type { AddressProofs } from '../ports/sign-in';
import { readCashPerson, touchCashLocks } from './cash-person';
import { writeDecision } from './decision-writes';
import { donorCellsIn } from './donor-cells';
import { readStoredCells } from './firestore-reads';
import { mailSiteUrl } from './mail-site-url';

export function firestorePhysicalCertificates(
  db: () => Firestore,
  proofs: AddressProofs,
): PhysicalCertificateRegistrar {
  return {
    register(registration, staffUid, now) {
      const firestore = db();
      return firestore.runTransaction(async (tx) => {
        const codeSnapshot = await tx.get(
          firestore.collection('certificate_codes').doc(registration.code),
        );
        const cells = await readStoredCells(firestore, tx, registration.plots.map(formatPlotCode));
        const donor = await findDonor(firestore, tx, proofs, registration.email);
        const mailbox = mailboxKey(registration.email);
        const sharing = await tx.get(
          firestore.collection('users').where('mailboxes', 'array-contains', mailbox).limit(1),
        );
        const cash = await readCashPerson(firestore, tx, cashPersonStart(donor, mailbox));
        const decision = decideStaffRegistration({
          registration,
          cells: new Map(cells.map((cell) => [cell.id, cell])),
          certificateStatus: codeSnapshot.exists
            ? readCertificateCodeDocument(registration.code, codeSnapshot.data()!).status
            : null,
          donor,
          mailboxHasAccount: sharing.size > 0,
          cash,
          donorCells: donor ? await donorCellsIn(firestore, tx, donor.uid) : [],
          staffUid,
          ledgerId: firestore.collection('donations').doc().id,
          actionId: firestore.collection('staff_actions').doc().id,
          siteUrl: mailSiteUrl(),
          now,
        });
        writeDecision(tx, firestore, decision);
        touchCashLocks(tx, cash, now);
        return decision.outcome;
      });
    },
  };
}

/**
 * The account whose profile has this e-mail (as typed at sign-up or lowercased), with whether
 * Firebase Auth proves the address: the first sign-up with an address is not always its owner.
 */
async function findDonor(
  firestore: Firestore,
  tx: Transaction,
  proofs: AddressProofs,
  email: string,
): Promise<DonorOnRecord | null> {
  const snapshot = await tx.get(
    firestore.collection('users').where('email', '==', email).limit(ACCOUNTS_OF_AN_EMAIL),
  );
  const proven = await proofs.provenAddresses(snapshot.docs.map((doc) => doc.id));
  return accountOfEmail(
    snapshot.docs.map((doc) => readDonorRecord(doc.id, doc.data(), proven.get(doc.id) ?? null)),
  );
}

/** Auth keeps one account per address; more than a few profiles with one would be a fault. */
const ACCOUNTS_OF_AN_EMAIL = 10;
