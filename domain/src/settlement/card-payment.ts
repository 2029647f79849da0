/**
 * A Checkout Session paid, or ended unpaid (Stripe's events, docs/api.md): the plots become the
 * donor's, or go back; the ledger says every euro that came in, and a payment that cannot buy
 * its plots any more is refunded.
 */
import type { CellWithId } from '../cell-document';
import { applyPayment } from '../cell-transitions';
import type { CheckoutOrder } from '../checkout-order';
import { paymentReceipt } from '../donor-mail';
import { donationEntry } from '../ledger';
import { checkoutTotalCents } from '../money';
import { linkPaidNotice, payerReceipt } from '../payment-link-mail';
import { orderFields, releasedPlots } from './checkout';
import {
  decided,
  type Decision,
  type EventClaim,
  type LedgerAddition,
  type MailOrder,
  type PaymentStatus,
  type SettlementOutcome,
} from './decision';
import { displayOf, mailAddressOf, type DonorOnRecord } from './donor-record';

/** Card payments are charged in euros only. */
export const CARD_CURRENCY = 'eur';

export interface CardPaidFacts {
  event: EventClaim;
  /** The event was settled before (`stripe_events`). */
  eventSeen: boolean;
  sessionId: string;
  order: CheckoutOrder;
  /** What Stripe says was paid. */
  amountCents: number;
  currency: string;
  paymentIntent: string | null;
  /** The stored payment's status, null when none is stored yet. */
  paymentStatus: PaymentStatus | null;
  donor: DonorOnRecord | null;
  /** The order's plots as read. */
  cells: readonly CellWithId[];
  /** Mail ids already queued. */
  mailsQueued: ReadonlySet<string>;
  siteUrl: string;
  now: number;
  /**
   * Who paid, as Stripe's page collected it (`customer_details`), for a payment link's order:
   * the ledger records them and their receipt goes to them. Null or absent otherwise.
   */
  payer?: PayerDetails | null;
}

export interface PayerDetails {
  email: string;
  name: string;
}

/** The donor's notice that someone paid their payment link. */
export const linkPaidMailId = (sessionId: string) => `link-paid-${sessionId}`;

export const receiptMailId = (sessionId: string) => `receipt-${sessionId}`;

export function decideCardPaid(facts: CardPaidFacts): Decision<SettlementOutcome> {
  const { order, sessionId, now } = facts;
  if (facts.eventSeen) return decided({ outcome: 'duplicate' });
  const event = facts.event;
  if (facts.paymentStatus === 'paid' || facts.paymentStatus === 'refunded') {
    // completed and async_payment_succeeded of one session: the first one counted.
    return decided(
      { outcome: 'ignored', why: `payment already ${facts.paymentStatus}` },
      { event },
    );
  }
  const display = displayOf(facts.donor, order.uid);
  const moves = facts.cells.map((cell) => ({
    cell,
    move: applyPayment(cell, { sessionId: order.checkoutId, donorDisplay: display }, now),
  }));
  // The price of the plots, in euros, or no plots: a session paid for another amount (never
  // one we created) buys nothing and its money goes back.
  const rightAmount =
    facts.amountCents === checkoutTotalCents(order.kind, order.plots.length) &&
    facts.currency.toLowerCase() === CARD_CURRENCY;
  const lost = rightAmount
    ? moves.filter(({ move }) => !move.ok).map(({ cell }) => cell.id)
    : [...order.plots];
  const paid = {
    ...orderFields(order, facts.amountCents),
    payment_intent: facts.paymentIntent,
    paid_at: now,
  };
  // Whatever happens to the plots, the money came in: the ledger says so, and the refund (if
  // due) will say it went back. The row shares the session id: never added twice.
  const ledger: LedgerAddition[] =
    facts.amountCents > 0
      ? [
          {
            id: sessionId,
            session_id: sessionId,
            entry: donationEntry({
              method: 'card',
              kind: order.kind,
              donor: {
                uid: order.uid,
                email: facts.donor?.email ?? '',
                name: facts.donor?.name ?? '',
              },
              plots: lost.length > 0 ? [] : order.plots,
              amountCents: facts.amountCents,
              at: now,
              recordedBy: null,
            }),
          },
        ]
      : [];
  const link = order.paymentLink;
  if (link) {
    // A payment link: the ledger row says who paid for the donor, and through which link.
    for (const row of ledger) {
      row.payer = {
        email: facts.payer?.email.trim().toLowerCase() ?? '',
        name: facts.payer?.name ?? '',
        link: link.id,
      };
    }
  }
  if (lost.length > 0) {
    // Never two holders: the plots this checkout still holds go back, the money too.
    return decided(
      { outcome: 'refund-due', paymentIntent: facts.paymentIntent, lostPlots: lost },
      {
        event,
        ledger,
        cells: releasedPlots(order, facts.cells, now),
        payment: {
          sessionId,
          fields: {
            ...paid,
            status: 'refunded',
            refund_reason: rightAmount ? 'plots-taken' : 'amount-mismatch',
            lost_plots: lost,
            refund_id: null,
            refund_due: true,
          },
        },
      },
    );
  }
  const cells = moves.flatMap(({ cell, move }) =>
    move.ok ? [{ before: cell, after: { ...move.cell, id: cell.id } }] : [],
  );
  return decided(
    { outcome: 'applied' },
    {
      event,
      ledger,
      cells,
      payment: { sessionId, fields: { ...paid, status: 'paid' } },
      mails: order.paymentLink
        ? linkMailsOf(facts, display)
        : receiptOf(facts, cells[0]?.after.reserved_until ?? null),
    },
  );
}

function receiptOf(facts: CardPaidFacts, reservedUntil: number | null): MailOrder[] {
  const id = receiptMailId(facts.sessionId);
  const to = mailAddressOf(facts.donor);
  if (!to || !facts.donor || facts.mailsQueued.has(id)) return [];
  const message = paymentReceipt({
    language: facts.donor.language,
    name: facts.donor.name,
    kind: facts.order.kind,
    plots: facts.order.plots,
    amountCents: facts.amountCents,
    reservedUntil: facts.order.kind === 'reserve' ? reservedUntil : null,
    siteUrl: facts.siteUrl,
  });
  return [{ id, to, message }];
}

/** A payment link paid: the payer's receipt (to the address they gave Stripe), the donor's notice. */
function linkMailsOf(facts: CardPaidFacts, donorDisplay: string): MailOrder[] {
  const { order, sessionId, payer } = facts;
  const link = order.paymentLink!;
  const kind = order.kind === 'buy' ? 'buy' : 'complete';
  const mails: MailOrder[] = [];
  const payerId = receiptMailId(sessionId);
  if (payer?.email && !facts.mailsQueued.has(payerId)) {
    mails.push({
      id: payerId,
      to: payer.email,
      message: payerReceipt({
        language: link.payerLanguage,
        payerName: payer.name,
        donorDisplay,
        kind,
        plots: order.plots,
        amountCents: facts.amountCents,
      }),
    });
  }
  const donorId = linkPaidMailId(sessionId);
  const to = mailAddressOf(facts.donor);
  if (to && facts.donor && !facts.mailsQueued.has(donorId)) {
    mails.push({
      id: donorId,
      to,
      message: linkPaidNotice({
        language: facts.donor.language,
        donorName: facts.donor.name,
        payerName: payer?.name ?? '',
        plots: order.plots,
        amountCents: facts.amountCents,
        siteUrl: facts.siteUrl,
      }),
    });
  }
  return mails;
}

export interface CheckoutUnpaidFacts {
  event: EventClaim;
  eventSeen: boolean;
  sessionId: string;
  order: CheckoutOrder;
  /** Stripe's word: the session expired, or its delayed payment failed. */
  status: 'expired' | 'failed';
  paymentStatus: PaymentStatus | null;
  cells: readonly CellWithId[];
  now: number;
}

/** Expired or failed: the holds go back; a pending (or missing) payment says why. */
export function decideCheckoutUnpaid(facts: CheckoutUnpaidFacts): Decision<SettlementOutcome> {
  if (facts.eventSeen) return decided({ outcome: 'duplicate' });
  const { order, sessionId, status } = facts;
  const payment =
    facts.paymentStatus === null
      ? { sessionId, fields: { ...orderFields(order, 0), status } }
      : facts.paymentStatus === 'pending'
        ? { sessionId, fields: { status } }
        : null;
  return decided(
    { outcome: 'applied' },
    { event: facts.event, cells: releasedPlots(order, facts.cells, facts.now), payment },
  );
}

/** An event with nothing to change (unknown session, a type not handled): recorded once. */
export function decideEventIgnored(
  event: EventClaim,
  eventSeen: boolean,
  why: string,
): Decision<SettlementOutcome> {
  return eventSeen
    ? decided({ outcome: 'duplicate' })
    : decided({ outcome: 'ignored', why }, { event });
}
