/**
 * The payment writes on firebase-admin. Every change to cells happens in a Firestore
 * transaction that first reads what it changes, so two donors racing for a plot conflict and
 * one of them retries against the other's result: a plot is never sold twice.
 */
import {
  applyPayment,
  cellAfterRefund,
  checkoutTotalCents,
  donationEntry,
  donorDisplay,
  fitsHoldCap,
  isCheckoutKind,
  parsePlotCode,
  plotCoverage,
  readCellDocument,
  refundEntry,
  releaseHold,
  startHold,
  type CellWithId,
  type LedgerRow,
} from '@parroquia/domain';
import {
  FieldValue,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { logLatePaymentRefunded } from '../log';
import type { CheckoutOrder, PaymentStore, SettlementOutcome } from '../ports';
import { storeCells, type CellChange } from './cell-writes';
import { ledgerDocument, ledgerRowOf } from './ledger-document';
import { userProfileFromDocument } from './user-document';
import { mailPaymentReceipt } from './donor-mail';

/** Card payments are charged in euros only. */
const CURRENCY = 'eur';

/** Fifty donors on the same plots conflict a lot; each retry sees the winners' writes. */
const MAX_ATTEMPTS = 30;

export function firestorePaymentStore(db: () => Firestore, now: () => number): PaymentStore {
  const cellRef = (code: string) => db().collection('cells').doc(code);
  const eventRef = (id: string) => db().collection('stripe_events').doc(id);
  const paymentRef = (id: string) => db().collection('payments').doc(id);
  const donationRef = (id: string) => db().collection('donations').doc(id);
  /**
   * Read and written by every checkout of one account, so two at once conflict and the second
   * counts the first's holds against the cap.
   */
  const holdLockRef = (uid: string) => db().collection('hold_locks').doc(uid);
  const run = <T>(work: (tx: Transaction) => Promise<T>) =>
    db().runTransaction(work, { maxAttempts: MAX_ATTEMPTS });

  async function readCells(tx: Transaction, codes: string[]): Promise<CellWithId[]> {
    if (codes.length === 0) return [];
    const snapshots = await tx.getAll(...codes.map(cellRef));
    return snapshots.map((snapshot) => storedCell(snapshot));
  }

  /** Claims the event id inside the transaction; false when it was processed already. */
  async function claimEvent(tx: Transaction, eventId: string, type: string): Promise<boolean> {
    const seen = await tx.get(eventRef(eventId));
    if (seen.exists) return false;
    tx.create(eventRef(eventId), { type, processed_at: FieldValue.serverTimestamp() });
    return true;
  }

  function releaseOrderHolds(tx: Transaction, cells: CellWithId[], order: CheckoutOrder) {
    const changes: CellChange[] = [];
    for (const cell of cells) {
      const released = releaseHold(cell, order.checkoutId, now());
      if (released.ok) changes.push({ before: cell, after: released.cell });
    }
    storeCells(tx, db(), changes);
  }

  return {
    async holdPlots(order, expiresAt) {
      return run(async (tx) => {
        await tx.get(holdLockRef(order.uid));
        const ownCells = (
          await tx.get(db().collection('cells').where('user', '==', order.uid))
        ).docs.map(storedCell);
        const snapshots = await tx.getAll(...order.plots.map(cellRef));
        const missing = snapshots.find((snapshot) => !snapshot.exists);
        if (missing) return { ok: false, reason: 'unknown-plot', plot: missing.id } as const;
        if (
          order.kind !== 'complete' &&
          !fitsHoldCap(ownCells, order.uid, order.plots.length, now())
        ) {
          return { ok: false, reason: 'too-many-held' } as const;
        }
        const cells = snapshots.map(storedCell);
        const held: CellChange[] = [];
        for (const cell of cells) {
          const move = startHold(
            cell,
            { uid: order.uid, kind: order.kind, sessionId: order.checkoutId, expiresAt },
            now(),
          );
          if (!move.ok) return { ok: false, reason: move.reason, plot: cell.id } as const;
          held.push({ before: cell, after: move.cell });
        }
        storeCells(tx, db(), held);
        tx.set(holdLockRef(order.uid), { updated_at: FieldValue.serverTimestamp() });
        return { ok: true } as const;
      });
    },

    async releaseHolds(order) {
      await run(async (tx) => releaseOrderHolds(tx, await readCells(tx, order.plots), order));
    },

    async findPayment(sessionId) {
      const payment = await paymentRef(sessionId).get();
      const data = payment.data();
      if (!data) return null;
      const order = orderOfPayment(data, String(data.checkout_id ?? ''));
      const status = data.status as unknown;
      if (!order || !isPaymentStatus(status)) return null;
      return { sessionId, order, status };
    },

    async findCheckout(checkoutId) {
      const found = await db()
        .collection('payments')
        .where('checkout_id', '==', checkoutId)
        .limit(1)
        .get();
      const payment = found.docs[0];
      if (!payment) return null;
      const data = payment.data();
      const order = orderOfPayment(data, checkoutId);
      const status = data.status as unknown;
      if (!order || !isPaymentStatus(status)) return null;
      return { sessionId: payment.id, order, status };
    },

    async cancelCheckout(sessionId, order) {
      await run(async (tx) => {
        const payment = await tx.get(paymentRef(sessionId));
        releaseOrderHolds(tx, await readCells(tx, order.plots), order);
        if (payment.get('status') === 'pending') {
          tx.update(paymentRef(sessionId), { status: 'expired' });
        }
      });
    },

    async recordCheckout(sessionId, order, amountCents) {
      try {
        await paymentRef(sessionId).create({
          ...paymentFields(order, amountCents),
          status: 'pending',
          payment_intent: null,
          created_at: FieldValue.serverTimestamp(),
        });
      } catch (error) {
        // An event got there first (ALREADY_EXISTS): what it wrote is newer.
        if ((error as { code?: unknown }).code !== 6) throw error;
      }
    },

    async settlePaid({
      eventId,
      eventType,
      sessionId,
      order,
      amountCents,
      currency,
      paymentIntent,
    }) {
      let lost: string[] = [];
      const outcome = await run(async (tx): Promise<SettlementOutcome> => {
        const eventSeen = await tx.get(eventRef(eventId));
        const payment = await tx.get(paymentRef(sessionId));
        const user = await tx.get(db().collection('users').doc(order.uid));
        const cells = await readCells(tx, order.plots);
        if (eventSeen.exists) return { outcome: 'duplicate' };
        tx.create(eventRef(eventId), {
          type: eventType,
          processed_at: FieldValue.serverTimestamp(),
        });
        const status = payment.get('status') as unknown;
        if (status === 'paid' || status === 'refunded') {
          // completed and async_payment_succeeded of one session: the first one counted.
          return { outcome: 'ignored', why: `payment already ${String(status)}` };
        }
        const profile = user.exists ? userProfileFromDocument(user.data() ?? {}) : null;
        const display = profile ? donorDisplay(profile) || profile.personal_code : order.uid;
        const moves = cells.map((cell) => ({
          cell,
          move: applyPayment(cell, { sessionId: order.checkoutId, donorDisplay: display }, now()),
        }));
        // The price of the plots, in euros, or no plots: a session paid for another amount
        // (never one we created) buys nothing and its money goes back.
        const rightAmount =
          amountCents === checkoutTotalCents(order.kind, order.plots.length) &&
          currency.toLowerCase() === CURRENCY;
        lost = rightAmount
          ? moves.filter(({ move }) => !move.ok).map(({ cell }) => cell.id)
          : [...order.plots];
        const base = {
          ...paymentFields(order, amountCents),
          payment_intent: paymentIntent,
          paid_at: FieldValue.serverTimestamp(),
        };
        // Whatever happens to the plots, the money came in: the ledger says so, and the refund
        // (if due) will say it went back. The entry shares the session id: never added twice.
        const entry =
          amountCents > 0
            ? donationEntry({
                method: 'card',
                kind: order.kind,
                donor: { uid: order.uid, email: profile?.email ?? '', name: profile?.name ?? '' },
                plots: lost.length > 0 ? [] : order.plots,
                amountCents,
                at: now(),
                recordedBy: null,
              })
            : null;
        if (entry)
          tx.set(donationRef(sessionId), { ...ledgerDocument(entry), session_id: sessionId });
        if (lost.length > 0) {
          // Never two owners: the plots this checkout still holds go back, the money too.
          releaseOrderHolds(tx, cells, order);
          tx.set(
            paymentRef(sessionId),
            {
              ...base,
              status: 'refunded',
              refund_reason: rightAmount ? 'plots-taken' : 'amount-mismatch',
              lost_plots: lost,
              refund_id: null,
              refund_due: true,
            },
            { merge: true },
          );
          return { outcome: 'refund-due', paymentIntent, lostPlots: lost };
        }
        storeCells(
          tx,
          db(),
          moves.flatMap(({ cell, move }) => (move.ok ? [{ before: cell, after: move.cell }] : [])),
        );
        tx.set(paymentRef(sessionId), { ...base, status: 'paid' }, { merge: true });
        return { outcome: 'applied' };
      });
      if (outcome.outcome === 'refund-due') logLatePaymentRefunded(sessionId, order.uid, lost);
      if (outcome.outcome === 'applied') await mailPaymentReceipt(db, sessionId);
      return outcome;
    },

    async settleUnpaid({ eventId, eventType, sessionId, order, status }) {
      return run(async (tx): Promise<SettlementOutcome> => {
        const eventSeen = await tx.get(eventRef(eventId));
        const payment = await tx.get(paymentRef(sessionId));
        const cells = await readCells(tx, order.plots);
        if (eventSeen.exists) return { outcome: 'duplicate' };
        tx.create(eventRef(eventId), {
          type: eventType,
          processed_at: FieldValue.serverTimestamp(),
        });
        releaseOrderHolds(tx, cells, order);
        const current = payment.get('status') as unknown;
        if (!payment.exists) tx.set(paymentRef(sessionId), { ...paymentFields(order, 0), status });
        else if (current === 'pending') tx.update(paymentRef(sessionId), { status });
        return { outcome: 'applied' };
      });
    },

    async settleRefund({ eventId, eventType, paymentIntent, amountRefundedCents, fullyRefunded }) {
      return run(async (tx): Promise<SettlementOutcome> => {
        const eventSeen = await tx.get(eventRef(eventId));
        const payments = await tx.get(
          db().collection('payments').where('payment_intent', '==', paymentIntent).limit(1),
        );
        const payment = payments.docs[0];
        const uid = payment ? (payment.get('uid') as string) : null;
        const gift = payment ? await tx.get(donationRef(payment.id)) : null;
        const donorEntries = uid
          ? (await tx.get(db().collection('donations').where('donor', '==', uid))).docs.map(
              ledgerRowOf,
            )
          : [];
        const plots = payment ? ((payment.get('cells') as string[] | undefined) ?? []) : [];
        const cells = await readCells(tx, plots);
        if (eventSeen.exists) return { outcome: 'duplicate' };
        tx.create(eventRef(eventId), {
          type: eventType,
          processed_at: FieldValue.serverTimestamp(),
        });
        if (!payment || !uid || !gift?.exists) {
          return { outcome: 'ignored', why: 'no paid payment with this payment intent' };
        }
        const original = ledgerRowOf(gift);
        const refundedBefore = -donorEntries
          .filter((entry) => entry.refund_of === payment.id)
          .reduce((sum, entry) => sum + entry.amount_cents, 0);
        const ledger: LedgerRow[] = [...donorEntries];
        const newlyRefunded = Math.min(amountRefundedCents, original.amount_cents) - refundedBefore;
        if (newlyRefunded > 0) {
          // One row per amount reached: a repeated event for the same refund writes nothing new.
          const id = `refund-${payment.id}-${refundedBefore + newlyRefunded}`;
          const row = refundEntry(original, payment.id, newlyRefunded, now());
          tx.set(donationRef(id), ledgerDocument(row));
          ledger.push({ ...row, id });
        }
        const refundedCents = refundedBefore + Math.max(0, newlyRefunded);
        if (!fullyRefunded || payment.get('status') !== 'paid') {
          // A late payment's automatic refund already gave its plots back (they may be someone
          // else's now); a partial refund leaves the plots paid for.
          tx.update(payment.ref, { refunded_cents: refundedCents });
          return { outcome: 'applied' };
        }
        // Each plot as the domain decides: still paid for by another gift of the donor's (the
        // completion when only the deposit went back), reserved again, or free.
        storeCells(
          tx,
          db(),
          cells.flatMap((cell) => {
            const next = cellAfterRefund(cell, uid, plotCoverage(ledger, uid, cell.id), now());
            return next ? [{ before: cell, after: next }] : [];
          }),
        );
        tx.update(payment.ref, {
          status: 'refunded',
          refunded_cents: refundedCents,
          refunded_at: FieldValue.serverTimestamp(),
        });
        return { outcome: 'applied' };
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
      return due.docs.flatMap((doc) => {
        const paymentIntent = doc.get('payment_intent') as unknown;
        return typeof paymentIntent === 'string' ? [{ sessionId: doc.id, paymentIntent }] : [];
      });
    },

    async markEventProcessed(eventId, type) {
      return run((tx) => claimEvent(tx, eventId, type));
    },
  };
}

const PAYMENT_STATUSES = ['pending', 'paid', 'expired', 'failed', 'refunded'] as const;

function isPaymentStatus(value: unknown): value is (typeof PAYMENT_STATUSES)[number] {
  return (PAYMENT_STATUSES as readonly unknown[]).includes(value);
}

/** The order a `payments` document was opened for (`paymentFields`), or null if malformed. */
function orderOfPayment(data: Record<string, unknown>, checkoutId: string): CheckoutOrder | null {
  const { uid, kind, cells } = data;
  if (typeof uid !== 'string' || !isCheckoutKind(kind) || !Array.isArray(cells)) return null;
  const plots = cells.filter((cell): cell is string => typeof cell === 'string');
  return { uid, kind, plots, checkoutId };
}

function paymentFields(order: CheckoutOrder, amountCents: number) {
  return {
    uid: order.uid,
    kind: order.kind,
    cells: order.plots,
    checkout_id: order.checkoutId,
    amount_cents: amountCents,
  };
}

/** A missing or malformed cell reads as not a plot one can pay for. */
function storedCell(snapshot: DocumentSnapshot): CellWithId {
  const reading = snapshot.exists ? readCellDocument(snapshot.id, snapshot.data() ?? {}) : null;
  if (reading?.ok) return reading.cell;
  const plot = parsePlotCode(snapshot.id);
  return {
    id: snapshot.id,
    ...plot,
    status: 'bought',
    user: null,
    donor_display: null,
    hold: null,
    reserved_until: null,
  };
}
