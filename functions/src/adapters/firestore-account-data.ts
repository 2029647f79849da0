/**
 * The donor's own data on Firestore (docs/product.md, "Your data"): the export of everything kept
 * about them, and the erasure of the account in one transaction. What stays after an erasure and
 * why: docs/product.md; the shapes: docs/data-model.md (`erased_donors`).
 */
import {
  decideErasure,
  exportedPlots,
  giftsAndRefunds,
  isoOf,
  mailboxKey,
  millisOf,
  readCellDocument,
  readLedgerRow,
} from '@parroquia/domain';
import type { Auth } from 'firebase-admin/auth';
import {
  FieldValue,
  type DocumentData,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import type { AccountDataStore } from '../ports/donors';
import type { AddressProofs } from '../ports/sign-in';
import { writeDecision } from './decision-writes';
import { donorCellsIn } from './donor-cells';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The e-mails queued for the donor: those addressed to the account's own address. */
function mailJson(doc: QueryDocumentSnapshot) {
  const data = doc.data();
  const message = (data.message ?? {}) as DocumentData;
  const delivery = (data.delivery ?? null) as DocumentData | null;
  return {
    id: doc.id,
    to: text(data.to),
    subject: text(message.subject),
    text: text(message.text),
    queued_at: isoOf(data.created_at),
    delivered_at: delivery ? isoOf(delivery.endTime) : null,
  };
}

export function firestoreAccountData(
  db: () => Firestore,
  auth: () => Auth,
  proofs: AddressProofs,
): AccountDataStore {
  const users = () => db().collection('users');
  const erasedRef = (uid: string) => db().collection('erased_donors').doc(uid);

  return {
    async exportOf(uid, now) {
      const profile = (await users().doc(uid).get()).data();
      if (!profile) return null;
      const email = text(profile.email);
      const [cells, rows, payments, codes, mails, names] = await Promise.all([
        db().collection('cells').where('user', '==', uid).get(),
        db().collection('donations').where('donor', '==', uid).get(),
        db().collection('payments').where('uid', '==', uid).get(),
        db().collection('certificate_codes').where('user', '==', uid).get(),
        email ? db().collection('mail').where('to', '==', email).get() : null,
        db().collection('commemorations').doc(uid).get(),
      ]);
      const plots = cells.docs.flatMap((doc) => {
        const reading = readCellDocument(doc.id, doc.data());
        return reading.ok ? [reading.cell] : [];
      });
      // Only what is about the donor: staff's uids, search words and mailbox keys are the
      // parish's own bookkeeping, not the donor's data.
      const ledger = rows.docs
        .map((doc) => ({ row: readLedgerRow(doc.id, doc.data()), data: doc.data() }))
        .sort((a, b) => a.row.created_at - b.row.created_at)
        .map(({ row, data }) => ({
          id: row.id,
          kind: row.kind,
          method: row.method,
          amount_cents: row.amount_cents,
          plots: row.cells,
          date: new Date(row.created_at).toISOString(),
          name: row.donor_name,
          email: row.donor_email,
          refund_of: row.refund_of,
          certificate_code: text(data.certificate_code),
        }));
      const commemorations = names.data();
      return {
        exported_at: new Date(now).toISOString(),
        profile: {
          uid,
          name: text(profile.name),
          email,
          personal_code: text(profile.personal_code),
          is_anonymous_donor: profile.is_anonymous_donor === true,
          accepted_privacy_policy: profile.accepted_privacy_policy === true,
          privacy_policy_accepted_at: isoOf(profile.privacy_policy_accepted_at),
          language: text(profile.language),
          created_at: isoOf(profile.created_at),
          updated_at: isoOf(profile.updated_at),
        },
        plots: exportedPlots(plots, uid, now),
        ...giftsAndRefunds(ledger),
        card_payments: payments.docs.map((doc) => {
          const data = doc.data();
          return {
            session_id: doc.id,
            kind: text(data.kind),
            plots: Array.isArray(data.cells) ? data.cells : [],
            amount_cents: typeof data.amount_cents === 'number' ? data.amount_cents : 0,
            status: text(data.status),
            paid_at: isoOf(data.paid_at),
            refunded_cents: typeof data.refunded_cents === 'number' ? data.refunded_cents : 0,
          };
        }),
        paper_certificates: codes.docs.map((doc) => {
          const data = doc.data();
          return {
            code: doc.id,
            name: text(data.name),
            email: text(data.email),
            plots: Array.isArray(data.plots) ? data.plots : [],
            registered_at: isoOf(data.registered_at),
            linked_at: isoOf(data.linked_at),
          };
        }),
        emails: mails ? mails.docs.map(mailJson) : [],
        commemoration_names: commemorations
          ? {
              names: Array.isArray(commemorations.names) ? commemorations.names : [],
              on_certificate: commemorations.on_certificate === true,
              updated_at: isoOf(commemorations.updated_at),
            }
          : null,
      };
    },

    async erase(uid, now) {
      // Asked of Auth before the transaction: an address only goes from unproven to proven.
      const proven = (await proofs.provenAddresses([uid])).get(uid) ?? null;
      const provenMailbox = proven ? mailboxKey(proven) : null;
      return db().runTransaction(async (tx) => {
        const userRef = users().doc(uid);
        const profile = (await tx.get(userRef)).data();
        const erasedBefore = profile ? false : (await tx.get(erasedRef(uid))).exists;
        // Read with every checkout of the account (firestore-checkouts.ts), so a checkout and
        // an erasure at once conflict and the second sees the first.
        const holdLock = db().collection('hold_locks').doc(uid);
        if (profile) await tx.get(holdLock);
        const email = profile ? text(profile.email) : null;
        const [cells, rows, codes, mails, mailboxRows, mailboxCodes] = profile
          ? await Promise.all([
              donorCellsIn(db(), tx, uid),
              tx.get(db().collection('donations').where('donor', '==', uid)),
              tx.get(db().collection('certificate_codes').where('user', '==', uid)),
              email ? tx.get(db().collection('mail').where('to', '==', email)) : null,
              // What staff registered for the proven mailbox: the decision keeps the unlinked.
              provenMailbox
                ? tx.get(db().collection('donations').where('donor_key', '==', provenMailbox))
                : null,
              provenMailbox
                ? tx.get(db().collection('certificate_codes').where('mailbox', '==', provenMailbox))
                : null,
            ])
          : [[], null, null, null, null, null];
        const unique = (docs: QueryDocumentSnapshot[]) => [
          ...new Map(docs.map((doc) => [doc.id, doc])).values(),
        ];
        // What goes and what stays is the money core's decision (domain/src/settlement/erasure.ts).
        const decision = decideErasure({
          uid,
          account: profile
            ? {
                name: text(profile.name) ?? '',
                email: email ?? '',
                mailboxes: Array.isArray(profile.mailboxes) ? profile.mailboxes : [],
                personal_code: text(profile.personal_code) ?? '',
                created_at: millisOf(profile.created_at),
              }
            : null,
          erasedBefore,
          provenMailbox,
          cells,
          rows: unique([...(rows?.docs ?? []), ...(mailboxRows?.docs ?? [])]).map((doc) => ({
            ...readLedgerRow(doc.id, doc.data()),
            certificate_code: text(doc.get('certificate_code')) ?? undefined,
          })),
          certificates: unique([...(codes?.docs ?? []), ...(mailboxCodes?.docs ?? [])]).map(
            (doc) => ({
              code: doc.id,
              user: text(doc.get('user')),
              mailbox: text(doc.get('mailbox')) ?? '',
              name: text(doc.get('name')) ?? '',
              email: text(doc.get('email')) ?? '',
            }),
          ),
          now,
        });
        if (decision.outcome !== 'erased') return decision.outcome;
        writeDecision(tx, db(), decision);
        // The e-mails queued for the account's address go with it.
        for (const doc of mails?.docs ?? []) tx.delete(doc.ref);
        tx.set(holdLock, { updated_at: FieldValue.serverTimestamp() });
        return 'erased';
      });
    },

    async deleteSignIn(uid) {
      try {
        await auth().deleteUser(uid);
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code !== 'auth/user-not-found') throw error;
      }
    },
  };
}
