/**
 * The donor's account on Firestore. Every change is one transaction over the user document,
 * its personal-code claim and the donor's plots, so they never disagree (docs/data-model.md).
 */
import {
  decideAccountClaims,
  cashPersonStart,
  decideCertificateLink,
  donorDisplay,
  isProvenAddress,
  mailboxKey,
  nameSearchPrefixes,
  readCellDocument,
  readCertificateCodeDocument,
  readDonorRecord,
  type DonorProfileChange,
} from '@parroquia/domain';
import {
  Timestamp,
  type DocumentData,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { logMalformedCell } from '../log';
import { AccountErasedError, type DonorAccountRepository, type UserProfile } from '../ports/donors';
import type { StoredCell } from '../ports/plots';
import type { AddressProofs } from '../ports/sign-in';
import { readCashPerson, touchCashLocks } from './cash-person';
import { writeDecision } from './decision-writes';
import { isAlreadyExists } from './firestore-errors';
import { mailSiteUrl } from './mail-site-url';
import { donorCellsIn, writeDonorDisplay } from './donor-cells';
import { certificateOnRecord, pendingCertificates, waitingPlotsOf } from './pending-certificates';
import { userProfileFromDocument } from './user-document';

/** What the check page reads for an erased donor: the code only, as for an anonymous one. */
function erasedProfile(code: string): UserProfile {
  return {
    name: '',
    email: '',
    personal_code: code,
    is_anonymous_donor: true,
    accepted_privacy_policy: false,
    is_staff: false,
    sub: null,
    created_at: null,
  };
}

/** Draws per sync before giving up: with 30^8 codes, even one collision is a rarity. */
export const PERSONAL_CODE_ATTEMPTS = 8;

/** `proofs`: whether Firebase Auth proves a new account's address, so it may claim at sign-in. */
export function firestoreDonorAccounts(
  db: () => Firestore,
  proofs: AddressProofs,
): DonorAccountRepository {
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
      // A change of language alone shows nothing new on the map: no plot is read or written.
      const showsNew = 'name' in fields || 'is_anonymous_donor' in fields;
      const donorCells = showsNew ? await donorCellsIn(db(), tx, uid) : [];
      const profile = { ...userProfileFromDocument(data), ...fields };
      const display = donorDisplay(profile);
      const updatedAt = Timestamp.fromMillis(now);
      const search =
        fields.name !== undefined ? { name_search: nameSearchPrefixes(fields.name) } : {};
      tx.update(userRef, { ...fields, ...search, ...extra, updated_at: updatedAt });
      writeDonorDisplay(db(), tx, donorCells, uid, display, now);
      return profile;
    });
  }

  return {
    async syncDonor(uid, account, newCode, now) {
      const userRef = users().doc(uid);
      // Asked of Auth, not of the token: a Facebook sign-in linked to an unverified e-mail
      // account carries that e-mail, but only Auth's provider data say Facebook never gave it.
      const proven = (await proofs.provenAddresses([uid])).get(uid) ?? null;
      try {
        return await db().runTransaction(async (tx) => {
          const existing = (await tx.get(userRef)).data();
          if (existing) return { profile: userProfileFromDocument(existing), created: false };
          // An erasure whose Auth deletion has not happened yet: no new profile for it.
          if ((await tx.get(db().collection('erased_donors').doc(uid))).exists) {
            throw new AccountErasedError();
          }
          const code = await claimableCode(tx, newCode);
          const pending = await pendingCertificates(db(), tx, account.email);
          // Certificates of this mailbox under another spelling wait for their code.
          const waiting = await waitingPlotsOf(db(), tx, [mailboxKey(account.email)], []);
          const claims = decideAccountClaims({
            uid,
            account: {
              name: account.name,
              email: account.email,
              language: account.language,
              personal_code: code,
              is_anonymous_donor: false,
              verified: isProvenAddress(account.email, proven),
            },
            pending,
            waiting,
            siteUrl: mailSiteUrl(),
            now,
          });
          const createdAt = Timestamp.fromMillis(now);
          const document = {
            name: account.name,
            name_search: nameSearchPrefixes(account.name),
            email: account.email,
            language: account.language,
            mailboxes: [...new Set([mailboxKey(account.email), ...claims.outcome.mailboxes])],
            personal_code: code,
            // A certificate staff registered as anonymous keeps its donor anonymous.
            is_anonymous_donor: claims.outcome.anonymous,
            accepted_privacy_policy: false,
            is_staff: account.is_staff,
            sub: account.sub,
            created_at: createdAt,
          };
          tx.create(userRef, document);
          tx.create(personalCodes().doc(code), { uid, created_at: createdAt });
          writeDecision(tx, db(), claims);
          const profile = userProfileFromDocument(document);
          return { profile, created: true };
        });
      } catch (error) {
        // A racing sync created the user between our read and our commit.
        if (!isAlreadyExists(error)) throw error;
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

    async linkCertificateCode(uid, code, now) {
      // The code proves the claim; the address Auth proves says whether its receipts are sent.
      const proven = (await proofs.provenAddresses([uid])).get(uid) ?? null;
      return db().runTransaction(async (tx) => {
        const userData = (await tx.get(users().doc(uid))).data();
        const account = userData ? readDonorRecord(uid, userData, proven) : null;
        const codeSnapshot = await tx.get(db().collection('certificate_codes').doc(code));
        const certificate = await certificateOnRecord(db(), tx, codeSnapshot);
        const email = certificate?.record.email;
        const mailbox = email ? mailboxKey(email) : null;
        // The certificate's mailbox, and its gifts, join the account's person: read that person.
        const cash = account
          ? await readCashPerson(db(), tx, cashPersonStart(account, mailbox))
          : null;
        const decision = decideCertificateLink({
          uid,
          account,
          certificate,
          cash,
          waiting: mailbox ? await waitingPlotsOf(db(), tx, [mailbox], [code]) : [],
          accountCells: await donorCellsIn(db(), tx, uid),
          siteUrl: mailSiteUrl(),
          now,
        });
        writeDecision(tx, db(), decision);
        if (cash) touchCashLocks(tx, cash, now);
        return decision.outcome;
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

    async findPaperCertificate(code) {
      const data = (await db().collection('certificate_codes').doc(code).get()).data();
      if (!data) return null;
      const record = readCertificateCodeDocument(code, data);
      const snapshots = record.plots.length
        ? await db().getAll(...record.plots.map((plot) => cells().doc(plot)))
        : [];
      const stored = snapshots.flatMap((snapshot) => {
        const reading = snapshot.exists ? readCellDocument(snapshot.id, snapshot.data()!) : null;
        return reading?.ok ? [reading.cell] : [];
      });
      return { record, cells: stored };
    },

    async findByPersonalCode(code) {
      const claim = (await personalCodes().doc(code).get()).data();
      const uid = typeof claim?.uid === 'string' ? claim.uid : null;
      if (!uid) return null;
      const data = (await users().doc(uid).get()).data();
      // An erased donor's plots still carry the code: the check page shows the code, no name.
      if (!data) return claim?.erased_at ? { uid, profile: erasedProfile(code) } : null;
      const profile = userProfileFromDocument(data);
      // A claim left behind by a changed code must not answer for the donor.
      return profile.personal_code === code ? { uid, profile } : null;
    },
  };
}
