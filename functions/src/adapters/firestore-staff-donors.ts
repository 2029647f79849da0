/**
 * The donors' pages of the back office on firebase-admin (issue 32, parts 3 and 6): find a
 * person by name, e-mail, code or plot; read everything of theirs for their page (the domain
 * shapes it: `donorPageOf`); and check a refund staff ask for inside one transaction (the money
 * core decides: `decideStaffRefund`), recording it once Stripe accepted it.
 */
import {
  decideStaffRefund,
  donorPageOf,
  isoOf,
  millisOf,
  mailboxKey,
  NO_WRITES,
  nameMatches,
  personIdOf,
  plotHolderOf,
  readCellDocument,
  readDonorRecord,
  readLedgerRow,
  readPaperCertificate,
  readPaymentDocument,
  refundAccepted,
  refundActionId,
  waitingRegistrations,
  type CellWithId,
  type DonorFound,
  type DonorOnRecord,
  type LedgerRow,
  type PaperCertificate,
} from '@parroquia/domain';
import type { Firestore, Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { AddressProofs } from '../ports/sign-in';
import type { StaffDonorStore } from '../ports/staff';
import { chunksOf } from './any-of';
import { readCashPerson } from './cash-person';
import { writeDecision } from './decision-writes';
import { readLedger, readStoredCells } from './firestore-reads';

const FOUND_MAX = 20;
/** Candidates read for the longest typed word before the other words filter them. */
const NAME_CANDIDATES = 60;

const docsOf = async (query: Query) => (await query.get()).docs;
const paperOf = (doc: QueryDocumentSnapshot) => readPaperCertificate(doc.id, doc.data());
const cellsOf = (docs: readonly QueryDocumentSnapshot[]): CellWithId[] =>
  docs.flatMap((doc) => {
    const reading = readCellDocument(doc.id, doc.data());
    return reading.ok ? [reading.cell] : [];
  });

export function firestoreStaffDonors(db: () => Firestore, proofs: AddressProofs): StaffDonorStore {
  const users = () => db().collection('users');
  const codes = () => db().collection('certificate_codes');
  const donations = () => db().collection('donations');

  const accountFound = (donor: DonorOnRecord, matched: string): DonorFound => ({
    id: donor.uid,
    uid: donor.uid,
    name: donor.name,
    email: donor.email,
    personal_code: donor.personal_code || null,
    matched,
  });
  const personFound = (email: string, name: string, matched: string): DonorFound => ({
    id: personIdOf({ kind: 'mailbox', email }),
    uid: null,
    name,
    email,
    personal_code: null,
    matched,
  });
  /**
   * An account its donor erased, found by its code or a plot: no name or e-mail in the list (the
   * blocked ones show only on its page, marked erased); null when the uid was never erased.
   */
  async function erasedFound(uid: string, matched: string): Promise<DonorFound | null> {
    const blocked = (await db().collection('erased_donors').doc(uid).get()).data();
    if (!blocked) return null;
    const code = typeof blocked.personal_code === 'string' ? blocked.personal_code : '';
    return { id: uid, uid, name: '', email: '', personal_code: code || null, matched };
  }
  // Found, not mailed: whether an address is proven is asked once, for the page (`proven`).
  const recordsOf = (docs: readonly QueryDocumentSnapshot[]) =>
    docs.map((doc) => readDonorRecord(doc.id, doc.data(), null));

  async function accounts(uids: readonly string[]): Promise<DonorOnRecord[]> {
    const unique = [...new Set(uids)];
    if (unique.length === 0) return [];
    const docs = await db().getAll(...unique.map((uid) => users().doc(uid)));
    return docs
      .filter((doc) => doc.exists)
      .map((doc) => readDonorRecord(doc.id, doc.data()!, null));
  }

  /** Ledger rows of the queries, each once, with the certificate code staff registered it with. */
  async function ledgerOf(queries: Query[]) {
    const byId = new Map<string, { row: LedgerRow; certificateCode: string | null }>();
    for (const docs of await Promise.all(queries.map(docsOf))) {
      for (const doc of docs) {
        const code = doc.get('certificate_code') as unknown;
        byId.set(doc.id, {
          row: readLedgerRow(doc.id, doc.data()),
          certificateCode: typeof code === 'string' ? code : null,
        });
      }
    }
    return [...byId.values()];
  }

  /**
   * The cash limit's person, read as a registration would, in one snapshot: a read-only
   * transaction, which takes no locks (a page asked again while a refund is written must not
   * hold up the refund).
   */
  const cashOf = (uids: string[], mailboxes: string[]) =>
    db().runTransaction((tx) => readCashPerson(db(), tx, { uids, mailboxes }), { readOnly: true });

  /** Whether Auth proves the account's address (docs/product.md): what the page says. */
  async function emailVerified(uid: string, email: string): Promise<boolean> {
    const proven = (await proofs.provenAddresses([uid])).get(uid);
    return proven !== undefined && proven === email.trim().toLowerCase();
  }

  /**
   * The page of an account its donor erased: the blocked name and e-mail (staff only), marked
   * erased, with the rows and plots the parish keeps; null when no such account ever was.
   */
  async function erasedPage(uid: string, now: number) {
    const blocked = (await db().collection('erased_donors').doc(uid).get()).data();
    if (!blocked) return null;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const [held, ledger, certificates] = await Promise.all([
      docsOf(db().collection('cells').where('user', '==', uid)),
      ledgerOf([donations().where('donor', '==', uid)]),
      docsOf(codes().where('user', '==', uid)),
    ]);
    return donorPageOf({
      id: uid,
      uid,
      identity: {
        uid,
        name: text(blocked.name),
        email: text(blocked.email),
        email_verified: null,
        personal_code: text(blocked.personal_code) || null,
        is_anonymous_donor: true,
        language: null,
        erased_at: isoOf(blocked.erased_at) ?? undefined,
      },
      cells: cellsOf(held),
      ledger,
      certificates: certificates.map(paperOf),
      // The person's cash of the month still counts (the rows keep their mailbox key).
      cash: await cashOf([uid], Array.isArray(blocked.mailboxes) ? blocked.mailboxes : []),
      now,
    });
  }

  return {
    async search(search) {
      const found = new Map<string, DonorFound>();
      const add = (entry: DonorFound) => {
        if (!found.has(entry.id)) found.set(entry.id, entry);
      };
      if (search.mailbox && search.email) {
        const [byEmail, byMailbox, registered, rows] = await Promise.all([
          docsOf(users().where('email', '==', search.email).limit(FOUND_MAX)),
          docsOf(users().where('mailboxes', 'array-contains', search.mailbox).limit(FOUND_MAX)),
          docsOf(codes().where('mailbox', '==', search.mailbox).limit(FOUND_MAX)),
          docsOf(donations().where('donor_key', '==', search.mailbox).limit(50)),
        ]);
        for (const donor of recordsOf([...byEmail, ...byMailbox]))
          add(accountFound(donor, 'email'));
        for (const code of waitingRegistrations(registered.map(paperOf))) {
          add(personFound(code.email, code.name, 'email'));
        }
        for (const doc of rows) {
          const row = readLedgerRow(doc.id, doc.data());
          if (row.donor === null) add(personFound(row.donor_email, row.donor_name, 'email'));
        }
      }
      if (search.code) {
        const [byPersonal, certificate] = await Promise.all([
          docsOf(users().where('personal_code', '==', search.code).limit(1)),
          codes().doc(search.code).get(),
        ]);
        for (const donor of recordsOf(byPersonal)) add(accountFound(donor, 'personal_code'));
        if (byPersonal.length === 0) {
          const claim = (await db().collection('personal_codes').doc(search.code).get()).data();
          const erased =
            typeof claim?.uid === 'string' && claim.erased_at
              ? await erasedFound(claim.uid, 'personal_code')
              : null;
          if (erased) add(erased);
        }
        const paper = certificate.exists
          ? readPaperCertificate(certificate.id, certificate.data()!)
          : null;
        if (paper?.user) {
          for (const donor of await accounts([paper.user]))
            add(accountFound(donor, 'certificate_code'));
        } else if (paper && waitingRegistrations([paper]).length > 0) {
          add(personFound(paper.email, paper.name, 'certificate_code'));
        }
      }
      if (search.plot) {
        const [cell, registered] = await Promise.all([
          db().collection('cells').doc(search.plot).get(),
          docsOf(codes().where('plots', 'array-contains', search.plot)),
        ]);
        const reading = cell.exists ? readCellDocument(cell.id, cell.data()!) : null;
        const holder = plotHolderOf(reading?.ok ? reading.cell : null, registered.map(paperOf));
        if (holder && 'uid' in holder) {
          const held = await accounts([holder.uid]);
          for (const donor of held) add(accountFound(donor, 'plot'));
          const erased = held.length === 0 ? await erasedFound(holder.uid, 'plot') : null;
          if (erased) add(erased);
        } else if (holder) {
          add(personFound(holder.registration.email, holder.registration.name, 'plot'));
        }
      }
      if (search.words.length > 0) {
        const word = [...search.words].sort((a, b) => b.length - a.length)[0]!;
        // Accounts by their name; people staff registered without one, by their ledger rows.
        const [candidates, rows] = await Promise.all([
          docsOf(users().where('name_search', 'array-contains', word).limit(NAME_CANDIDATES)),
          docsOf(
            donations()
              .where('donor', '==', null)
              .where('search', 'array-contains', word)
              .limit(NAME_CANDIDATES),
          ),
        ]);
        for (const donor of recordsOf(candidates)) {
          if (nameMatches(donor.name, search.words)) add(accountFound(donor, 'name'));
        }
        for (const doc of rows) {
          const row = readLedgerRow(doc.id, doc.data());
          if (row.donor === null && nameMatches(row.donor_name, search.words)) {
            add(personFound(row.donor_email, row.donor_name, 'name'));
          }
        }
      }
      return [...found.values()].slice(0, FOUND_MAX);
    },

    async page(person, now) {
      if (person.kind === 'account') {
        const [donor] = await accounts([person.uid]);
        if (!donor) return erasedPage(person.uid, now);
        const [verified, held, ledger, certificates, cash] = await Promise.all([
          emailVerified(donor.uid, donor.email),
          docsOf(db().collection('cells').where('user', '==', donor.uid)),
          ledgerOf([
            donations().where('donor', '==', donor.uid),
            ...chunksOf(donor.mailboxes).map((keys) => donations().where('donor_key', 'in', keys)),
          ]),
          docsOf(codes().where('user', '==', donor.uid)),
          cashOf([donor.uid], donor.mailboxes),
        ]);
        return donorPageOf({
          id: donor.uid,
          uid: donor.uid,
          identity: {
            uid: donor.uid,
            name: donor.name,
            email: donor.email,
            email_verified: verified,
            personal_code: donor.personal_code || null,
            is_anonymous_donor: donor.is_anonymous_donor,
            language: donor.language,
          },
          cells: cellsOf(held),
          ledger,
          certificates: certificates.map(paperOf),
          cash,
          now,
        });
      }
      const key = mailboxKey(person.email);
      const [registered, ledger] = await Promise.all([
        docsOf(codes().where('mailbox', '==', key)),
        ledgerOf([donations().where('donor_key', '==', key)]),
      ]);
      const certificates = registered.map(paperOf).filter((code) => code.user === null);
      const rows = ledger.filter(({ row }) => row.donor === null);
      if (certificates.length === 0 && rows.length === 0) return null;
      const latest: PaperCertificate | undefined = waitingRegistrations(certificates)[0];
      const named = rows[0]?.row;
      const plots = [...new Set(waitingRegistrations(certificates).flatMap((code) => code.plots))];
      const cells = plots.length
        ? await db().runTransaction((tx) => readStoredCells(db(), tx, plots), { readOnly: true })
        : [];
      return donorPageOf({
        id: personIdOf(person),
        uid: null,
        identity: {
          uid: null,
          name: latest?.name || named?.donor_name || '',
          email: latest?.email || named?.donor_email || person.email,
          email_verified: null,
          personal_code: null,
          is_anonymous_donor: latest?.anonymous ?? false,
          language: null,
        },
        cells,
        ledger: rows,
        certificates,
        cash: await cashOf([], [key]),
        now,
      });
    },

    async checkRefund({ donationId, amountCents, reason }, staffUid, now) {
      const decision = await db().runTransaction(async (tx) => {
        const snapshot = await tx.get(donations().doc(donationId));
        const gift = snapshot.exists ? readLedgerRow(snapshot.id, snapshot.data() ?? {}) : null;
        const ledger = gift
          ? await readLedger(tx, donations().where('refund_of', '==', gift.id))
          : [];
        // A card gift's row is named by its Checkout Session, as its payment is.
        const stored = gift ? await tx.get(db().collection('payments').doc(gift.id)) : null;
        const record = stored?.exists ? readPaymentDocument(stored.id, stored.data() ?? {}) : null;
        const paymentIntent = stored?.get('payment_intent') as unknown;
        const askedKey = stored?.get('staff_refund_key') as unknown;
        const askedAt = millisOf(stored?.get('staff_refund_at'));
        const askedCents = stored?.get('staff_refund_cents') as unknown;
        const decided = decideStaffRefund({
          gift,
          ledger,
          payment: record && {
            sessionId: record.sessionId,
            status: record.status,
            paymentIntent: typeof paymentIntent === 'string' ? paymentIntent : null,
          },
          cells: await readStoredCells(db(), tx, gift?.cells ?? []),
          amountCents,
          lastAsk:
            typeof askedKey === 'string' && askedAt !== null && typeof askedCents === 'number'
              ? { key: askedKey, amountCents: askedCents, at: askedAt }
              : null,
          context: { staffUid, reason, now, actionId: db().collection('staff_actions').doc().id },
        });
        // The ask is kept now, before Stripe is called: the same request a moment later reuses it.
        if (decided.outcome.ok) writeDecision(tx, db(), { ...NO_WRITES, payment: decided.payment });
        return decided;
      });
      const { outcome } = decision;
      if (!outcome.ok) return outcome;
      return {
        ok: true,
        asked: outcome,
        async record(stripeRefund) {
          await db().runTransaction(async (tx) => {
            // The same refund asked again (identical requests at once): recorded already.
            const action = db().collection('staff_actions').doc(refundActionId(stripeRefund));
            if ((await tx.get(action)).exists) return;
            writeDecision(tx, db(), { ...refundAccepted(decision, stripeRefund), payment: null });
          });
        },
      };
    },
  };
}
