/**
 * The one writer of the money core's decisions on Firestore: inside the transaction that read
 * the facts, after every read, it writes exactly what the decision says and nothing else.
 */
import {
  summaryIncrements,
  type AccountErasure,
  type CertificateCodeChange,
  type LedgerEntry,
  type PaymentFields,
  type PlotState,
  type Writes,
} from '@parroquia/domain';
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { storeCells } from './cell-writes';
import { ledgerDocument } from './ledger-document';
import { mailFrom, mailReplyTo } from './mail-sender';
import { actorNamed } from '../staff-actor';

/** Instants of the decision (epoch ms) as Firestore timestamps; null stays null. */
const INSTANT_FIELDS = [
  'created_at',
  'paid_at',
  'refunded_at',
  'registered_at',
  'linked_at',
  'staff_refund_at',
];

function withTimestamps(fields: Partial<PaymentFields> | CertificateCodeChange['fields']) {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      INSTANT_FIELDS.includes(key) && typeof value === 'number'
        ? Timestamp.fromMillis(value)
        : value,
    ]),
  );
}

/** A staff action's plots as stored: a map by plot code, instants as timestamps. */
function plotStatesByCode(states: readonly PlotState[]) {
  return Object.fromEntries(
    states.map(({ plot, reserved_until, ...state }) => [
      plot,
      {
        ...state,
        reserved_until: reserved_until === null ? null : Timestamp.fromMillis(reserved_until),
      },
    ]),
  );
}

export const ledgerSummaryRef = (db: Firestore) => db.collection('campaign').doc('ledger');

/**
 * `campaign/ledger` moved by the rows a transaction adds, with increments: no read, so
 * transactions on different plots never conflict over it (a merge creates it the first time).
 */
function moveLedgerSummary(tx: Transaction, db: Firestore, rows: readonly LedgerEntry[]): void {
  const increments = summaryIncrements(rows);
  if (increments.length === 0) return;
  const months: Record<string, Record<string, Record<string, FieldValue>>> = {};
  for (const { month, method, given_cents, refunded_cents, voided_cents } of increments) {
    (months[month] ??= {})[method] = {
      given_cents: FieldValue.increment(given_cents),
      refunded_cents: FieldValue.increment(refunded_cents),
      voided_cents: FieldValue.increment(voided_cents),
    };
  }
  tx.set(
    ledgerSummaryRef(db),
    { months, updated_at: FieldValue.serverTimestamp() },
    { merge: true },
  );
}

export function writeDecision(tx: Transaction, db: Firestore, writes: Writes): void {
  if (writes.event) {
    tx.create(db.collection('stripe_events').doc(writes.event.id), {
      type: writes.event.type,
      processed_at: FieldValue.serverTimestamp(),
    });
  }
  const newRows = writes.ledger.map(({ entry }) => entry);
  storeCells(tx, db, writes.cells, newRows);
  moveLedgerSummary(tx, db, newRows);
  for (const { id, entry, session_id, certificate_code, reason, payer } of writes.ledger) {
    tx.set(db.collection('donations').doc(id), {
      ...ledgerDocument(entry, { certificate_code, reason }),
      ...(session_id ? { session_id } : {}),
      // A payment link's row: who paid for the donor (payment-link.ts).
      ...(payer
        ? { payer_email: payer.email, payer_name: payer.name, payment_link: payer.link }
        : {}),
    });
  }
  for (const { id, donor } of writes.ledgerDonors) {
    tx.update(db.collection('donations').doc(id), { donor });
  }
  if (writes.payment) {
    tx.set(
      db.collection('payments').doc(writes.payment.sessionId),
      withTimestamps(writes.payment.fields),
      { merge: true },
    );
  }
  for (const { code, fields, create } of writes.codes) {
    const ref = db.collection('certificate_codes').doc(code);
    // A new code is created: one already stored fails the whole transaction (ALREADY_EXISTS).
    if (create) tx.create(ref, withTimestamps(fields));
    else tx.set(ref, withTimestamps(fields), { merge: true });
  }
  for (const account of writes.accounts) {
    tx.update(db.collection('users').doc(account.uid), {
      ...(account.becomesAnonymous ? { is_anonymous_donor: true } : {}),
      ...(account.addMailboxes.length > 0
        ? { mailboxes: FieldValue.arrayUnion(...account.addMailboxes) }
        : {}),
      updated_at: Timestamp.fromMillis(account.at),
    });
  }
  for (const { id, at, before, after, details, ...action } of writes.actions) {
    const actor = actorNamed(action.staff);
    tx.create(db.collection('staff_actions').doc(id), {
      ...action,
      // Who acted, as they were named then (`staff-actor.ts`).
      staff_name: actor?.name ?? null,
      staff_email: actor?.email ?? null,
      details: details ?? null,
      at: Timestamp.fromMillis(at),
      before: plotStatesByCode(before),
      after: plotStatesByCode(after),
    });
  }
  for (const erasure of writes.erasures) writeErasure(tx, db, erasure);
  for (const { id, to, message } of writes.mails) {
    const { sender, ...content } = message;
    const from = mailFrom(sender);
    const replyTo = mailReplyTo();
    tx.create(db.collection('mail').doc(id), {
      to,
      ...(from ? { from } : {}),
      ...(replyTo ? { replyTo } : {}),
      message: content,
      created_at: FieldValue.serverTimestamp(),
    });
  }
}

/**
 * An account's erasure (`decideErasure`): the blocked data into `erased_donors`, staff's alone;
 * the rows and certificates stripped of the name and e-mail; the personal code kept claimed, so
 * no other donor is ever shown by it; the profile and its names for prayer deleted.
 */
function writeErasure(tx: Transaction, db: Firestore, erasure: AccountErasure): void {
  const at = Timestamp.fromMillis(erasure.at);
  const { created_at: createdAt, ...blocked } = erasure.blocked;
  tx.create(db.collection('erased_donors').doc(erasure.uid), {
    ...blocked,
    created_at: createdAt === null ? at : Timestamp.fromMillis(createdAt),
    erased_at: at,
  });
  for (const { id, fields } of erasure.rows) {
    tx.update(db.collection('donations').doc(id), { ...fields, erased_at: at });
  }
  for (const code of erasure.certificates) {
    tx.update(db.collection('certificate_codes').doc(code), { name: '', email: '', erased_at: at });
  }
  if (blocked.personal_code) {
    tx.set(
      db.collection('personal_codes').doc(blocked.personal_code),
      { erased_at: at },
      { merge: true },
    );
  }
  tx.delete(db.collection('users').doc(erasure.uid));
  tx.delete(db.collection('commemorations').doc(erasure.uid));
}
