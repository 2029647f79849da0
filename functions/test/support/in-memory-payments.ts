/**
 * The payment ports in memory: the money core's own store (`SettlementStore`) read and written
 * through the same decisions as the Firestore adapters, and a checkout gateway that verifies
 * signatures with the real `stripe` SDK and records what it was asked. The webhook, checkout and
 * refund routes run on them without the stack.
 */
import {
  decideCardPaid,
  decideCheckoutCancelled,
  decideCheckoutUnpaid,
  decideEventIgnored,
  decideHold,
  decideRefund,
  decideRelease,
  openedPayment,
  readPaymentDocument,
  SettlementStore,
  type PaymentFields,
} from '@parroquia/domain';
import Stripe from 'stripe';
import type {
  CheckoutGateway,
  CheckoutSessionRequest,
  PaymentStore,
} from '../../src/ports/payments';

export const WEBHOOK_SECRET = 'whsec_in_memory';

export class InMemoryPayments implements PaymentStore {
  constructor(
    readonly store = new SettlementStore(),
    private readonly now: () => number,
  ) {}

  private paymentOf(sessionId: string) {
    const fields = this.store.payments.get(sessionId);
    return fields ? readPaymentDocument(sessionId, fields) : null;
  }

  async holdPlots(...[order, expiresAt]: Parameters<PaymentStore['holdPlots']>) {
    const decision = decideHold({
      order,
      expiresAt,
      plots: order.plots.map((code) => ({ code, cell: this.store.cells.get(code) ?? null })),
      accountCells: [...this.store.cells.values()].filter((cell) => cell.user === order.uid),
      addressProven: true,
      now: this.now(),
    });
    this.store.apply(decision);
    return decision.outcome;
  }

  async releaseHolds(order: Parameters<PaymentStore['releaseHolds']>[0]) {
    this.store.apply(decideRelease(order, this.store.cellsOf(order.plots), this.now()));
  }

  async findPayment(sessionId: string) {
    return this.paymentOf(sessionId);
  }

  async findCheckout(checkoutId: string) {
    const found = [...this.store.payments].find(([, fields]) => fields.checkout_id === checkoutId);
    return found ? this.paymentOf(found[0]) : null;
  }

  async cancelCheckout(...[sessionId, order]: Parameters<PaymentStore['cancelCheckout']>) {
    this.store.apply(
      decideCheckoutCancelled({
        sessionId,
        order,
        cells: this.store.cellsOf(order.plots),
        paymentStatus: this.paymentOf(sessionId)?.status ?? null,
        now: this.now(),
      }),
    );
  }

  async recordCheckout(
    ...[sessionId, order, amountCents]: Parameters<PaymentStore['recordCheckout']>
  ) {
    if (!this.store.payments.has(sessionId)) {
      this.store.payments.set(sessionId, openedPayment(order, amountCents, this.now()));
    }
  }

  async settlePaid(paid: Parameters<PaymentStore['settlePaid']>[0]) {
    const decision = decideCardPaid({
      ...paid,
      event: { id: paid.eventId, type: paid.eventType },
      eventSeen: this.store.events.has(paid.eventId),
      paymentStatus: this.paymentOf(paid.sessionId)?.status ?? null,
      donor: this.store.accounts.get(paid.order.uid) ?? null,
      cells: this.store.cellsOf(paid.order.plots),
      mailsQueued: new Set(this.store.mails.keys()),
      siteUrl: 'http://localhost:5000',
      now: this.now(),
    });
    this.store.apply(decision);
    return decision.outcome;
  }

  async settleUnpaid(unpaid: Parameters<PaymentStore['settleUnpaid']>[0]) {
    const decision = decideCheckoutUnpaid({
      ...unpaid,
      event: { id: unpaid.eventId, type: unpaid.eventType },
      eventSeen: this.store.events.has(unpaid.eventId),
      paymentStatus: this.paymentOf(unpaid.sessionId)?.status ?? null,
      cells: this.store.cellsOf(unpaid.order.plots),
      now: this.now(),
    });
    this.store.apply(decision);
    return decision.outcome;
  }

  async settleRefund(refund: Parameters<PaymentStore['settleRefund']>[0]) {
    const found = [...this.store.payments].find(
      ([, fields]) => fields.payment_intent === refund.paymentIntent,
    );
    const payment = found ? this.paymentOf(found[0]) : null;
    const decision = decideRefund({
      ...refund,
      event: { id: refund.eventId, type: refund.eventType },
      eventSeen: this.store.events.has(refund.eventId),
      payment: payment && {
        sessionId: payment.sessionId,
        uid: payment.order.uid,
        status: payment.status,
      },
      gift: payment
        ? (this.store.rows().find((row) => row.id === payment.sessionId) ?? null)
        : null,
      donorLedger: this.store.rows().filter((row) => row.donor === payment?.order.uid),
      cells: this.store.cellsOf(payment?.order.plots ?? []),
      donor: (payment && this.store.accounts.get(payment.order.uid)) ?? null,
      now: this.now(),
    });
    this.store.apply(decision);
    return decision.outcome;
  }

  async recordRefund(sessionId: string, refundId: string) {
    const fields: Partial<PaymentFields> = { refund_id: refundId, refund_due: false };
    this.store.payments.set(sessionId, { ...this.store.payments.get(sessionId), ...fields });
  }

  async listRefundsDue() {
    return [...this.store.payments].flatMap(([sessionId, fields]) =>
      fields.refund_due
        ? [
            {
              sessionId,
              paymentIntent: fields.payment_intent ?? null,
              amountCents: fields.amount_cents ?? 0,
              paidAt: fields.paid_at ?? 0,
              lostPlots: fields.lost_plots ?? [],
            },
          ]
        : [],
    );
  }

  async markEventProcessed(eventId: string, type: string) {
    const decision = decideEventIgnored({ id: eventId, type }, this.store.events.has(eventId), '');
    this.store.apply(decision);
    return decision.outcome.outcome !== 'duplicate';
  }
}

/** Checkout Sessions and refunds recorded; signatures checked by the real SDK. */
export class RecordingCheckoutGateway implements CheckoutGateway {
  readonly sessions: CheckoutSessionRequest[] = [];
  readonly refunds: Array<{ paymentIntent: string; sessionId: string }> = [];
  readonly expired: string[] = [];
  private readonly stripe = new Stripe('sk_test_in_memory');

  async createSession(request: CheckoutSessionRequest) {
    this.sessions.push(request);
    const sessionId = `cs_test_${this.sessions.length}`;
    return { sessionId, url: `https://checkout.test/${sessionId}` };
  }

  async expireSession(sessionId: string) {
    this.expired.push(sessionId);
    return 'expired' as const;
  }

  async refund(paymentIntent: string, sessionId: string) {
    this.refunds.push({ paymentIntent, sessionId });
    return `re_${this.refunds.length}`;
  }

  async refundPart(request: { paymentIntent: string; donationId: string }) {
    this.refunds.push({ paymentIntent: request.paymentIntent, sessionId: request.donationId });
    return `re_${this.refunds.length}`;
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined) {
    if (!signature) return null;
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, WEBHOOK_SECRET);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
      throw error;
    }
  }

  /** The body and `Stripe-Signature` header of an event as Stripe would send it. */
  signed(event: Record<string, unknown>): { body: string; signature: string } {
    const body = JSON.stringify({ object: 'event', api_version: '2025-01-27.acacia', ...event });
    const signature = this.stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
    });
    return { body, signature };
  }
}
