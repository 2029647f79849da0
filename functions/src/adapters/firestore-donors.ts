/**
 * The donor's account on Firestore. Every change is one transaction over the user document,
 * its personal-code claim and the donor's plots, so they never disagree (docs/data-model.md).
 */
import {
  checkCashOnLink,
  donorDisplay,
  mailboxKey,
  MESSAGES,
  planCertificateLink,
  readCellDocument,
  readCertificateCodeDocument,
  type DonorProfileChange,
} from '@parroquia/domain';
import {
  Timestamp,
  type DocumentData,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { logMalformedCell } from '../log';
import type { DonorAccountRepository, StoredCell, UserProfile } from '../ports';
import { accountMailboxes, readCashPerson, touchCashLocks } from './cash-person';
import { donorCellsIn, writeDonorDisplay } from './donor-cells';
import {
  claimableCertificates,
  claimedMailboxes,
  hideStaffTypedNames,
  plotsRegisteredSince,
  waitingPlotsOf,
  writeCertificateClaims,
  type CertificateClaim,
} from './pending-certificates';
import { userProfileFromDocument } from './user-document';

/** Draws per sync before giving up: with 30^8 codes, even one collision is a rarity. */
export const PERSONAL_CODE_ATTEMPTS = 8;

/** gRPC ALREADY_EXISTS: a racing sync created the user between our read and our commit. */
const ALREADY_EXISTS = 6;

export function firestoreDonorAccounts(db: () => Firestore): DonorAccountRepository {
  const users = () => db().collection('users');
  const personalCodes = () => db().collection('personal_codes');
  const cells = () => db().collection('cells');

  /** Writes `fields` to the user and the new `donor_display` to every plot showing them. */
  async function changeDonor(
    uid: string,
    fields: Partial<Pick<UserProfile, 'name' | 'is_anonymous_donor' | 'accepted_privacy_policy'>>,
    extra: DocumentData,
    now: number,
  ): Promise<UserProfile | null> {
    return db().runTransaction(async (tx) => {
      const userRef = users().doc(uid);
      const snapshot = await tx.get(userRef);
      const data = snapshot.data();
      if (!data) return null;
      const donorCells = await donorCellsIn(db(), tx, uid);
      const profile = { ...userProfileFromDocument(data), ...fields };
      const display = donorDisplay(profile);
      const updatedAt = Timestamp.fromMillis(now);
      tx.update(userRef, { ...fields, ...extra, updated_at: updatedAt });
      writeDonorDisplay(db(), tx, donorCells, uid, display, now);
      return profile;
    });
  }

  return {
    async syncDonor(uid, account, newCode, now) {
      const userRef = users().doc(uid);
      try {
        return await db().runTransaction(async (tx) => {
          const existing = (await tx.get(userRef)).data();
          if (existing) return { profile: userProfileFromDocument(existing), created: false };
          const code = await claimableCode(tx, newCode);
          const claims = account.emailVerified
            ? await claimableCertificates(db(), tx, uid, account.email, now)
            : [];
          // Certificates of this mailbox under another spelling wait for the code: their plots
          // stop showing the name staff typed, as the mailbox is an account's now.
          const waiting = await waitingPlotsOf(
            db(),
            tx,
            [mailboxKey(account.email)],
            claims.map((claim) => claim.code.id),
          );
          const createdAt = Timestamp.fromMillis(now);
          const document = {
            name: account.name,
            email: account.email,
            mailboxes: [
              ...new Set([
                mailboxKey(account.email),
                ...claims.flatMap((claim) => (claim.mailbox ? [claim.mailbox] : [])),
              ]),
            ],
            personal_code: code,
            // A certificate staff registered as anonymous keeps its donor anonymous.
            is_anonymous_donor: claims.some((claim) => claim.anonymous),
            accepted_privacy_policy: false,
            is_staff: account.is_staff,
            sub: account.sub,
            created_at: createdAt,
          };
          tx.create(userRef, document);
          tx.create(personalCodes().doc(code), { uid, created_at: createdAt });
          const profile = userProfileFromDocument(document);
          writeCertificateClaims(db(), tx, claims, uid, donorDisplay(profile), now);
          hideStaffTypedNames(db(), tx, waiting);
          return { profile, created: true };
        });
      } catch (error) {
        if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
        const existing = (await userRef.get()).data();
        if (!existing) throw error;
        return { profile: userProfileFromDocument(existing), created: false };
      }

      async function claimableCode(tx: Transaction, draw: () => string): Promise<string> {
        for (let attempt = 0; attempt < PERSONAL_CODE_ATTEMPTS; attempt += 1) {
          const candidate = draw();
          if (!(await tx.get(personalCodes().doc(candidate))).exists) return candidate;
        }
        throw new Error(`no free personal code in ${PERSONAL_CODE_ATTEMPTS} draws`);
      }
    },

    updateDonor(uid, change: DonorProfileChange, now) {
      const fields: Partial<Pick<UserProfile, 'name' | 'is_anonymous_donor'>> = {};
      if (change.name !== undefined) fields.name = change.name;
      if (change.is_anonymous_donor !== undefined) {
        fields.is_anonymous_donor = change.is_anonymous_donor;
      }
      // The language only picks the donor's e-mails' language (issue 19): stored, never shown.
      return changeDonor(uid, fields, change.language ? { language: change.language } : {}, now);
    },

    acceptPrivacyPolicy(uid, anonymous, now) {
      return changeDonor(
        uid,
        { accepted_privacy_policy: true, is_anonymous_donor: anonymous },
        { privacy_policy_accepted_at: Timestamp.fromMillis(now) },
        now,
      );
    },

    linkCertificateCode(uid, code, now) {
      return db().runTransaction(async (tx) => {
        const userData = (await tx.get(users().doc(uid))).data();
        const codeRef = db().collection('certificate_codes').doc(code);
        const codeData = (await tx.get(codeRef)).data();
        const record = codeData ? readCertificateCodeDocument(code, codeData) : null;
        const plotRefs = (record?.plots ?? []).map((plot) => cells().doc(plot));
        const plotSnapshots = plotRefs.length > 0 ? await tx.getAll(...plotRefs) : [];
        const plotCells = plotSnapshots.flatMap((snapshot) => {
          const reading = snapshot.exists ? readCellDocument(snapshot.id, snapshot.data()!) : null;
          return reading?.ok ? [reading.cell] : [];
        });
        const donationId = typeof codeData?.donation_id === 'string' ? codeData.donation_id : null;
        const mailbox = record?.email ? mailboxKey(record.email) : null;
        // The certificate's mailbox, and its gifts, join the account's person: read that person.
        const cash = userData
          ? await readCashPerson(db(), tx, {
              uids: [uid],
              mailboxes: [...accountMailboxes(userData), ...(mailbox ? [mailbox] : [])],
            })
          : null;
        // Other certificates of that mailbox still waiting: their plots stop showing the name
        // staff typed, as the mailbox is an account's now (docs/product.md "Anonymity").
        const waiting = mailbox ? await waitingPlotsOf(db(), tx, [mailbox], [code]) : [];
        const becomesAnonymous =
          record?.is_anonymous_donor === true && userData?.is_anonymous_donor !== true;
        const donorCells = becomesAnonymous ? await donorCellsIn(db(), tx, uid) : [];

        const since = record
          ? await plotsRegisteredSince(db(), tx, code, record.plots, codeData)
          : new Set<string>();
        const plan = planCertificateLink(record, plotCells, uid, now, since);
        if (!plan.ok) return plan;
        if (!userData) return { ok: false, status: 404, error: 'Usuario no encontrado.' };
        if (cash && !checkCashOnLink(cash.entries, cash.person).ok) {
          return { ok: false, status: 409, error: MESSAGES.cashLimitOnLink };
        }
        const profile = {
          ...userProfileFromDocument(userData),
          is_anonymous_donor: userData.is_anonymous_donor === true || becomesAnonymous,
        };
        const display = donorDisplay(profile);
        const claim: CertificateClaim = {
          code: codeRef,
          cells: plotCells,
          donationId,
          mailbox,
          anonymous: record?.is_anonymous_donor === true,
        };
        writeCertificateClaims(db(), tx, [claim], uid, display, now);
        tx.update(users().doc(uid), {
          ...claimedMailboxes([claim]),
          ...(becomesAnonymous ? { is_anonymous_donor: true } : {}),
          updated_at: Timestamp.fromMillis(now),
        });
        const claimed = new Set(plotCells.map((cell) => cell.id));
        writeDonorDisplay(db(), tx, donorCells, uid, display, now, claimed);
        hideStaffTypedNames(db(), tx, waiting);
        if (cash) touchCashLocks(tx, cash, now);
        return { ok: true, plots: plan.plots };
      });
    },

    async cellsOf(uid) {
      const snapshot = await cells().where('user', '==', uid).get();
      const found: StoredCell[] = [];
      for (const doc of snapshot.docs) {
        const reading = readCellDocument(doc.id, doc.data());
        if (reading.ok) found.push(reading.cell);
        else logMalformedCell(doc.id, reading.problem);
      }
      return found;
    },

    async findByPersonalCode(code) {
      const claim = (await personalCodes().doc(code).get()).data();
      const uid = typeof claim?.uid === 'string' ? claim.uid : null;
      if (!uid) return null;
      const data = (await users().doc(uid).get()).data();
      if (!data) return null;
      const profile = userProfileFromDocument(data);
      // A claim left behind by a changed code must not answer for the donor.
      return profile.personal_code === code ? { uid, profile } : null;
    },
  };
}
