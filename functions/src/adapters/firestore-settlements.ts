/**
 * What Stripe's events settle, on firebase-admin: paid, unpaid, refunded, ignored. Each reads
 * what it changes inside one Firestore transaction, asks the money core (`domain/src/settlement`) what to do, and writes exactly
 * that (`writeDecision`): two donors racing for a plot conflict and one of them retries against
 * the other's result, so a plot is never sold twice.
 */
import {
  decideCardPaid,
  decideCheckoutUnpaid,
  decideEventIgnored,
  decideRefund,
  linkPaidMailId,
  marksLinkPaid,
  readRefundCause,
  readRefundOwed,
  readLedgerRow,
  readPaymentDocument,
  receiptMailId,
  type SettlementOutcome,
} from '@parroquia/domain';
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { logLatePaymentRefunded } from '../log';
import type { PaymentSettlements } from '../ports/payments';
import type { AddressProofs } from '../ports/sign-in';
import { writeDecision } from './decision-writes';
import { readCells, readDonor, readLedger, readMailsQueued } from './firestore-reads';
import { mailSiteUrl } from './mail-site-url';
import { paymentStatusIn, runPayment } from './payment-transactions';

export function firestoreSettlements(
  db: () => Firestore,
  now: () => number,
  /** Whether the payer's address is proven: only then is the receipt mailed. */
  proofs: AddressProofs,
  /** The site's address for the links in the receipt. */
  siteUrl: () => string = mailSiteUrl,
): PaymentSettlements {
  const eventRef = (id: string) => db().collection('stripe_events').doc(id);
  const paymentRef = (id: string) => db().collection('payments').doc(id);
  const run = <T>(work: (tx: Transaction) => Promise<T>) => runPayment(db(), work);
  const seen = async (tx: Transaction, eventId: string) => (await tx.get(eventRef(eventId))).exists;
  const statusOf = (tx: Transaction, sessionId: string) => paymentStatusIn(db(), tx, sessionId);

  return {
    async settlePaid(paid) {
      const { sessionId, order } = paid;
      const outcome = await run(async (tx) => {
        const eventSeen = await seen(tx, paid.eventId);
        const paymentStatus = await statusOf(tx, sessionId);
        const donor = await readDonor(db(), tx, order.uid, proofs);
        const cells = await readCells(db(), tx, order.plots);
        const mailsQueued = await readMailsQueued(db(), tx, [
          receiptMailId(sessionId),
          linkPaidMailId(sessionId),
        ]);
        // A payment link's checkout: the link becomes paid with the session (payment-link.ts).
        const linkRef = order.paymentLink
          ? db().collection('payment_links').doc(order.paymentLink.id)
          : null;
        const linkState = linkRef ? (await tx.get(linkRef)).get('state') : null;
        const decision = decideCardPaid({
          ...paid,
          event: { id: paid.eventId, type: paid.eventType },
          eventSeen,
          paymentStatus,
          donor,
          cells,
          mailsQueued,
          siteUrl: siteUrl(),
          now: now(),
        });
        writeDecision(tx, db(), decision);
        if (linkRef && marksLinkPaid(linkState, decision.outcome)) {
          tx.update(linkRef, {
            state: 'paid',
            paid_session: sessionId,
            paid_at: Timestamp.fromMillis(now()),
          });
        }
        return decision.outcome;
      });
      if (outcome.outcome === 'refund-due')
        logLatePaymentRefunded(sessionId, order.uid, outcome.lostPlots);
      return outcome;
    },

    async settleUnpaid({ eventId, eventType, sessionId, order, status }) {
      return run(async (tx) => {
        const eventSeen = await seen(tx, eventId);
        const paymentStatus = await statusOf(tx, sessionId);
        const cells = await readCells(db(), tx, order.plots);
        const decision = decideCheckoutUnpaid({
          event: { id: eventId, type: eventType },
          eventSeen,
          sessionId,
          order,
          status,
          paymentStatus,
          cells,
          now: now(),
        });
        writeDecision(tx, db(), decision);
        return decision.outcome;
      });
    },

    async settleRefund({ eventId, eventType, paymentIntent, amountRefundedCents, fullyRefunded }) {
      return run(async (tx): Promise<SettlementOutcome> => {
        const eventSeen = await seen(tx, eventId);
        const found = await tx.get(
          db().collection('payments').where('payment_intent', '==', paymentIntent).limit(1),
        );
        const doc = found.docs[0];
        const payment = doc ? readPaymentDocument(doc.id, doc.data()) : null;
        const gift = payment
          ? await tx.get(db().collection('donations').doc(payment.sessionId))
          : null;
        const donorLedger = payment
          ? await readLedger(
              tx,
              db().collection('donations').where('donor', '==', payment.order.uid),
            )
          : [];
        const cells = await readCells(db(), tx, payment?.order.plots ?? []);
        const donor = payment ? await readDonor(db(), tx, payment.order.uid, proofs) : null;
        const decision = decideRefund({
          event: { id: eventId, type: eventType },
          eventSeen,
          payment: payment && {
            sessionId: payment.sessionId,
            uid: payment.order.uid,
            status: payment.status,
            cause: readRefundCause(doc!.data()),
          },
          gift: gift?.exists ? readLedgerRow(gift.id, gift.data() ?? {}) : null,
          donorLedger,
          cells,
          donor,
          amountRefundedCents,
          fullyRefunded,
          now: now(),
        });
        writeDecision(tx, db(), decision);
        return decision.outcome;
      });
    },

    async recordRefund(sessionId, refundId) {
      await paymentRef(sessionId).set(
        { refund_id: refundId, refund_due: false, refunded_at: FieldValue.serverTimestamp() },
        { merge: true },
      );
    },

    async listRefundsDue() {
      const due = await db().collection('payments').where('refund_due', '==', true).get();
      return due.docs.flatMap((doc) => readRefundOwed(doc.id, doc.data()) ?? []);
    },

    async markEventProcessed(eventId, type) {
      return run(async (tx) => {
        const decision = decideEventIgnored({ id: eventId, type }, await seen(tx, eventId), '');
        writeDecision(tx, db(), decision);
        return decision.outcome.outcome !== 'duplicate';
      });
    },
  };
}
