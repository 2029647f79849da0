/**
 * Payments through the real stack: Hosting -> the api function in the Functions emulator ->
 * our Firestore emulator, with the official stripe SDK talking to the Stripe double, whose
 * signed events come back through Hosting to the webhook.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type Stripe from 'stripe';
import { Timestamp } from 'firebase-admin/firestore';
import { parsePlotCode, RESERVATION_DURATION_MS } from '@parroquia/domain';
import { firestoreCellRepository } from '../../functions/src/adapters/firestore-cells.ts';
import { firebaseAddressProofs } from '../../functions/src/adapters/firebase-address-proofs.ts';
import { firestorePaymentStore } from '../../functions/src/adapters/firestore-payments.ts';
import { mailReservationReminders } from '../../functions/src/adapters/reservation-reminders.ts';
import { stripeCheckoutGateway } from '../../functions/src/adapters/stripe-checkout.ts';
import { retryDueRefunds } from '../../functions/src/payments/stripe-events.ts';
import { readSeed } from '@parroquia/testkit/local-stack';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import { startInProcessApi } from '../support/in-process-api.ts';
import { adminAuth } from '../support/staff.ts';
import { runSweepScript } from '../support/sweep-script.ts';
import {
  newDonor,
  postWebhook,
  readCells,
  SECRETS,
  resetCells,
  signedEvent,
  startPayment,
  stripeClient,
  submitHostedPage,
  waitFor,
  writeCell,
  type Donor,
} from '../support/payments.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const stripeUrl = inject('stripeUrl');
const db = () => adminFirestore(inject('firestoreHost'));
const stripe = stripeClient(stripeUrl);

let ana: Donor;
let bea: Donor;

beforeAll(async () => {
  ana = { uid: DEMO.ana.uid, token: await idTokenOf(authHost, DEMO.ana), name: 'Ana García' };
  bea = await newDonor(authHost, db(), 'Bea Pérez');
});

// The other suites expect the seeded map: every plot this one touched goes back to available,
// and the plots the seed gives the demo donors stay theirs.
afterAll(async () => {
  const seeded = new Set((readSeed().plots?.taken ?? []).map((taken) => taken.code));
  const touched = await db()
    .collection('cells')
    .where('status', 'in', ['held', 'reserved', 'bought'])
    .get();
  await resetCells(
    db(),
    touched.docs.map((doc) => doc.id).filter((code) => !seeded.has(code)),
  );
});

const statusesOf = async (codes: string[]) =>
  (await readCells(db(), codes)).map((cell) => cell.status);
const reservedUntilOf = async (code: string) => (await readCells(db(), [code]))[0]!.reserved_until;
const paymentOf = async (sessionId: string) =>
  (await db().collection('payments').doc(sessionId).get()).data();
const ledgerOf = async (sessionId: string) =>
  (await db().collection('donations').doc(sessionId).get()).data();
const settled = (codes: string[], status: string) => async () =>
  (await statusesOf(codes)).every((candidate) => candidate === status);

async function eventsOfSession(sessionId: string, type: string) {
  const response = await fetch(`${stripeUrl}/_double/events`);
  const { events } = (await response.json()) as { events: Stripe.Event[] };
  return events.filter(
    (event) => event.type === type && (event.data.object as { id: string }).id === sessionId,
  );
}

describe('buying plots', () => {
  it('holds the plots, opens a EUR Checkout Session of 25000 cents a plot, and on payment sells them', async () => {
    const plots = ['C1', 'C2'];
    const started = await startPayment(siteUrl, ana, 'buy', plots);
    expect(started.status).toBe(200);
    expect(started.body.sessionId).toMatch(/^cs_test_/);
    const held = await readCells(db(), plots);
    for (const cell of held) {
      expect(cell).toMatchObject({ status: 'held', user: ana.uid, hold: { kind: 'buy' } });
      expect(cell.hold!.expires_at - Date.now()).toBeGreaterThan(29 * 60_000);
    }

    const session = await stripe.checkout.sessions.retrieve(started.body.sessionId!);
    expect(session).toMatchObject({
      currency: 'eur',
      amount_total: 50000,
      mode: 'payment',
      status: 'open',
    });
    expect(session.metadata).toMatchObject({ uid: ana.uid, kind: 'buy', plots: 'C1,C2' });
    expect(session.success_url).toBe(`${siteUrl}/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toMatch(
      new RegExp(`^${siteUrl}/cancel\\?checkout=chk_[0-9a-f]{24}$`),
    );
    expect(session.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(29 * 60);
    const lines = await stripe.checkout.sessions.listLineItems(session.id);
    expect(lines.data.map((line) => line.amount_total)).toEqual([25000, 25000]);

    const paid = await submitHostedPage(started.body.url!, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${siteUrl}/success?session_id=${session.id}`);
    await waitFor('plots bought', settled(plots, 'bought'));
    const bought = await readCells(db(), plots);
    expect(bought.map((cell) => [cell.user, cell.donor_display, cell.hold])).toEqual([
      [ana.uid, 'Ana García', null],
      [ana.uid, 'Ana García', null],
    ]);
    expect(await paymentOf(session.id)).toMatchObject({
      status: 'paid',
      amount_cents: 50000,
      uid: ana.uid,
      kind: 'buy',
    });
    expect(await ledgerOf(session.id)).toMatchObject({
      donor: ana.uid,
      method: 'card',
      amount_cents: 50000,
      cells: plots,
      kind: 'buy',
    });
  });

  it('tells the success page what the payment paid for, once paid, and only to its donor', async () => {
    const plots = ['E9', 'E10'];
    const started = await fetch(`${siteUrl}/api/payments/stripe-reservation-multiple/`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${ana.token}`,
        'Content-Type': 'application/json',
        'Accept-Language': 'ro',
      },
      body: JSON.stringify({
        celdas: plots.map((code) => ({ x: code[0], y: Number(code.slice(1)) })),
      }),
    });
    expect(started.status).toBe(200);
    const { sessionId, url } = (await started.json()) as { sessionId: string; url: string };
    // The payment page names each plot in the donor's language.
    const lines = await stripe.checkout.sessions.listLineItems(sessionId);
    expect(lines.data.map((line) => line.description)).toEqual([
      'Avans pentru parcela E9',
      'Avans pentru parcela E10',
    ]);
    const outcome = (token: string, session = sessionId) =>
      fetch(`${siteUrl}/api/payments/checkout/?session_id=${encodeURIComponent(session)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
    const pending = await outcome(ana.token);
    expect(await pending.json()).toEqual({
      status: 'pending',
      kind: 'reserve',
      plots,
      reserved_until: null,
    });

    await submitHostedPage(url, '4242 4242 4242 4242');
    await waitFor('plots reserved', settled(plots, 'reserved'));
    const paid = await outcome(ana.token);
    expect(paid.status).toBe(200);
    // The success page says until when: the reservation's end as the plots hold it.
    const answer = (await paid.json()) as { reserved_until: number };
    const until = await reservedUntilOf(plots[0]!);
    expect(answer).toEqual({ status: 'paid', kind: 'reserve', plots, reserved_until: until });
    expect(until).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    // Another donor, an unknown session and a malformed reference learn nothing.
    expect((await outcome(bea.token)).status).toBe(404);
    expect((await outcome(ana.token, 'cs_test_unknown')).status).toBe(404);
    const malformed = await outcome(ana.token, '../payments/x');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { field?: string }).field).toBe('session_id');
    expect((await fetch(`${siteUrl}/api/payments/checkout/?session_id=${sessionId}`)).status).toBe(
      401,
    );
  });

  it('answers 409 "Alguna parcela no está disponible" when one plot is taken, and holds none', async () => {
    const first = await startPayment(siteUrl, ana, 'buy', ['C5']);
    expect(first.status).toBe(200);
    const second = await startPayment(siteUrl, bea, 'buy', ['C4', 'C5']);
    expect(second).toEqual({
      status: 409,
      body: { error: 'Alguna parcela no está disponible', code: 'plotNotAvailable' },
    });
    expect(await statusesOf(['C4', 'C5'])).toEqual(['available', 'held']);
  });

  it.each([
    ['an empty list', [], 'Selecciona al menos una parcela.'],
    ['a repeated plot', ['D1', 'D1'], 'Parcela repetida: D1.'],
    [
      'more than 50 plots',
      Array.from({ length: 51 }, (_, i) => `E${(i % 39) + 1}`),
      'No se pueden seleccionar más de 50 parcelas a la vez.',
    ],
    ['a position off the grid', [{ x: 'Z', y: 1 }], 'Parcela no válida: {"x":"Z","y":1}.'],
    ['no list at all', 'D1', 'La selección de parcelas no es válida.'],
  ])('refuses %s with 400 and changes nothing', async (_, celdas, message) => {
    const before = await statusesOf(['D1']);
    const answer = await startPayment(siteUrl, ana, 'buy', celdas);
    expect(answer).toMatchObject({ status: 400, body: { error: message } });
    expect(await statusesOf(['D1'])).toEqual(before);
  });

  it('refuses a donor who has not accepted the privacy policy (403) and holds nothing', async () => {
    const ion = { uid: DEMO.ion.uid, token: await idTokenOf(authHost, DEMO.ion), name: 'Ion' };
    const answer = await startPayment(siteUrl, ion, 'buy', ['D2']);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(/política de privacidad/);
    expect(await statusesOf(['D2'])).toEqual(['available']);
  });

  it('keeps the plots held after a declined card; cancel goes to /cancel; expiring the session frees them', async () => {
    const started = await startPayment(siteUrl, bea, 'buy', ['D3']);
    const declined = await submitHostedPage(started.body.url!, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('rechazada');
    expect(await statusesOf(['D3'])).toEqual(['held']);
    const cancelled = await submitHostedPage(started.body.url!, '', 'cancel');
    expect(cancelled.headers.get('location')).toMatch(new RegExp(`^${siteUrl}/cancel\\?checkout=`));
    await stripe.checkout.sessions.expire(started.body.sessionId!);
    await waitFor('plot released', settled(['D3'], 'available'));
    expect(await paymentOf(started.body.sessionId!)).toMatchObject({ status: 'expired' });
    expect(await ledgerOf(started.body.sessionId!)).toBeUndefined();
  });

  it("opens Stripe's page in the language the app sends; an unknown one is Spanish", async () => {
    const started = await startPayment(siteUrl, bea, 'reserve', ['D8'], 'ro');
    expect(started.status).toBe(200);
    const session = await stripe.checkout.sessions.retrieve(started.body.sessionId!);
    expect(session.locale).toBe('ro');
    const lines = await stripe.checkout.sessions.listLineItems(session.id);
    expect(lines.data.map((line) => line.description)).toEqual(['Avans pentru parcela D8']);
    const page = await (await fetch(started.body.url!)).text();
    expect(page).toContain('<html lang="ro">');
    expect(page).toContain('Plătiți');
    await stripe.checkout.sessions.expire(session.id);
    await waitFor('plot released', settled(['D8'], 'available'));

    const unknown = await startPayment(siteUrl, bea, 'buy', ['D8'], 'fr-FR');
    const spanish = await stripe.checkout.sessions.retrieve(unknown.body.sessionId!);
    expect(spanish.locale).toBe('es');
    await stripe.checkout.sessions.expire(spanish.id);
    await waitFor('plot released', settled(['D8'], 'available'));
  });

  it('the cancel page gives the plots back at once and the session can no longer be paid', async () => {
    const started = await startPayment(siteUrl, bea, 'buy', ['D5', 'D6']);
    const cancelled = await submitHostedPage(started.body.url!, '', 'cancel');
    const checkout = new URL(cancelled.headers.get('location')!).searchParams.get('checkout');
    const cancel = (donor: Donor, body: unknown) =>
      fetch(`${siteUrl}/api/payments/cancel/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${donor.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });

    const someoneElse = await cancel(ana, { checkout });
    expect(someoneElse.status).toBe(404);
    expect(await statusesOf(['D5', 'D6'])).toEqual(['held', 'held']);
    expect((await cancel(bea, { checkout: 'cs_test_x' })).status).toBe(400);

    const released = await cancel(bea, { checkout });
    expect(released.status).toBe(200);
    expect(await released.json()).toEqual({
      status: 'released',
      kind: 'buy',
      plots: ['D5', 'D6'],
    });
    expect(await statusesOf(['D5', 'D6'])).toEqual(['available', 'available']);
    expect((await stripe.checkout.sessions.retrieve(started.body.sessionId!)).status).toBe(
      'expired',
    );
    expect(await paymentOf(started.body.sessionId!)).toMatchObject({ status: 'expired' });
    // Paying the expired page now buys nothing; a second cancel answers the same.
    await submitHostedPage(started.body.url!, '4242424242424242');
    expect(await statusesOf(['D5', 'D6'])).toEqual(['available', 'available']);
    expect((await cancel(bea, { checkout })).status).toBe(200);
  });

  it('cancelling a checkout that was paid first answers 409 and keeps the plots bought', async () => {
    const started = await startPayment(siteUrl, bea, 'buy', ['D7']);
    await submitHostedPage(started.body.url!, '4242424242424242');
    await waitFor('plot bought', settled(['D7'], 'bought'));
    const checkout = (await stripe.checkout.sessions.retrieve(started.body.sessionId!))
      .client_reference_id;
    const answer = await fetch(`${siteUrl}/api/payments/cancel/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bea.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ checkout }),
    });
    expect(answer.status).toBe(409);
    expect(await statusesOf(['D7'])).toEqual(['bought']);
  });

  it('frees the plots when the session passes expires_at (checkout.session.expired)', async () => {
    const started = await startPayment(siteUrl, bea, 'buy', ['D4']);
    await fetch(`${stripeUrl}/_double/clock`, {
      method: 'POST',
      body: JSON.stringify({ advance_seconds: 31 * 60 }),
    });
    await waitFor('plot released', settled(['D4'], 'available'));
    expect((await stripe.checkout.sessions.retrieve(started.body.sessionId!)).status).toBe(
      'expired',
    );
  });
});

describe('reserving and completing', () => {
  it('reserves for 30 days at 5000 cents, then the owner completes at 20000 cents', async () => {
    const reserved = await startPayment(siteUrl, ana, 'reserve', ['F1']);
    expect((await stripe.checkout.sessions.retrieve(reserved.body.sessionId!)).amount_total).toBe(
      5000,
    );
    await submitHostedPage(reserved.body.url!, '4242424242424242');
    await waitFor('plot reserved', settled(['F1'], 'reserved'));
    const [cell] = await readCells(db(), ['F1']);
    expect(cell!.user).toBe(ana.uid);
    expect(Math.abs(cell!.reserved_until! - (Date.now() + RESERVATION_DURATION_MS))).toBeLessThan(
      60_000,
    );

    const other = await startPayment(siteUrl, bea, 'complete', ['F1']);
    expect(other).toMatchObject({
      status: 403,
      body: { error: 'Solo puedes completar tus propias reservas.' },
    });
    const buyer = await startPayment(siteUrl, bea, 'buy', ['F1']);
    expect(buyer.status).toBe(409);
    expect((await readCells(db(), ['F1']))[0]).toMatchObject({ status: 'reserved', user: ana.uid });

    const completing = await startPayment(siteUrl, ana, 'complete', ['F1']);
    expect(completing.status).toBe(200);
    expect((await stripe.checkout.sessions.retrieve(completing.body.sessionId!)).amount_total).toBe(
      20000,
    );
    expect((await readCells(db(), ['F1']))[0]).toMatchObject({
      status: 'held',
      hold: { kind: 'complete' },
    });
    await submitHostedPage(completing.body.url!, '4242424242424242');
    await waitFor('plot bought', settled(['F1'], 'bought'));
    expect(await ledgerOf(reserved.body.sessionId!)).toMatchObject({
      amount_cents: 5000,
      kind: 'reserve',
    });
    expect(await ledgerOf(completing.body.sessionId!)).toMatchObject({
      amount_cents: 20000,
      kind: 'complete',
    });
  });

  it('refuses to complete a plot that is not reserved (409)', async () => {
    expect((await startPayment(siteUrl, ana, 'complete', ['F2'])).status).toBe(409);
  });
});

describe('the webhook', () => {
  it('refunds: charge.refunded frees the plots and marks the payment refunded', async () => {
    const started = await startPayment(siteUrl, bea, 'buy', ['G1']);
    await submitHostedPage(started.body.url!, '4242424242424242');
    await waitFor('plot bought', settled(['G1'], 'bought'));
    const session = await stripe.checkout.sessions.retrieve(started.body.sessionId!);
    await stripe.refunds.create({ payment_intent: session.payment_intent as string });
    await waitFor('plot freed', settled(['G1'], 'available'));
    expect(await paymentOf(session.id)).toMatchObject({ status: 'refunded' });
  });

  it('processes a replayed event once', async () => {
    const started = await startPayment(siteUrl, bea, 'buy', ['G2']);
    await submitHostedPage(started.body.url!, '4242424242424242');
    await waitFor('plot bought', settled(['G2'], 'bought'));
    const [completed] = await eventsOfSession(
      started.body.sessionId!,
      'checkout.session.completed',
    );
    // The plot changes hands meanwhile: a second processing would show.
    await writeCell(db(), {
      x: 'G',
      y: 2,
      status: 'available',
      user: null,
      donor_display: null,
      hold: null,
      reserved_until: null,
    });
    const { payload, signature } = signedEvent(stripe, completed!);
    const replay = await postWebhook(siteUrl, payload, signature);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await statusesOf(['G2'])).toEqual(['available']);
  });

  it('refuses a forged or missing signature with 400 and changes nothing', async () => {
    const started = await startPayment(siteUrl, bea, 'buy', ['G3']);
    const session = await stripe.checkout.sessions.retrieve(started.body.sessionId!);
    const event = {
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...session, payment_status: 'paid', status: 'complete' } },
    };
    const forged = signedEvent(stripe, event, 'whsec_not_ours');
    const answers = [
      await postWebhook(siteUrl, forged.payload, forged.signature),
      await postWebhook(siteUrl, forged.payload),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error: 'Firma de Stripe no válida.' });
    }
    expect(await statusesOf(['G3'])).toEqual(['held']);
    expect((await db().collection('stripe_events').doc('evt_forged').get()).exists).toBe(false);
  });

  it('acknowledges an event for a session it does not know, changing nothing', async () => {
    const event = {
      id: 'evt_unknown_session',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_unknown',
          object: 'checkout.session',
          payment_status: 'paid',
          metadata: {},
        },
      },
    };
    const { payload, signature } = signedEvent(stripe, event);
    const answer = await postWebhook(siteUrl, payload, signature);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await db().collection('payments').doc('cs_test_unknown').get()).exists).toBe(false);
  });

  it('applies an event delivered twice at once exactly once', async () => {
    const started = await startPayment(siteUrl, bea, 'buy', ['G4', 'G5']);
    const session = await stripe.checkout.sessions.retrieve(started.body.sessionId!);
    const event = {
      id: `evt_twice_${Date.now()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          ...session,
          status: 'complete',
          payment_status: 'paid',
          payment_intent: 'pi_twice',
        },
      },
    };
    const { payload, signature } = signedEvent(stripe, event);
    const answers = await Promise.all([
      postWebhook(siteUrl, payload, signature),
      postWebhook(siteUrl, payload, signature),
    ]);
    const outcomes = await Promise.all(
      answers.map(async (answer) => [
        answer.status,
        ((await answer.json()) as { outcome: string }).outcome,
      ]),
    );
    expect(outcomes.map(([status]) => status)).toEqual([200, 200]);
    expect(outcomes.map(([, outcome]) => outcome).sort()).toEqual(['applied', 'duplicate']);
    expect(await statusesOf(['G4', 'G5'])).toEqual(['bought', 'bought']);
    const ledger = await db().collection('donations').where('session_id', '==', session.id).get();
    expect(ledger.size).toBe(1);
  });

  it('refunds a payment that arrives after its hold lapsed and the plot was sold to someone else', async () => {
    const late = await startPayment(siteUrl, ana, 'buy', ['G6']);
    // The hold lapses (as if 30 minutes passed) while Ana's page stays open.
    const [held] = await readCells(db(), ['G6']);
    await writeCell(db(), { ...held!, hold: { ...held!.hold!, expires_at: Date.now() - 1000 } });
    const winner = await startPayment(siteUrl, bea, 'buy', ['G6']);
    expect(winner.status).toBe(200);
    await submitHostedPage(winner.body.url!, '4242424242424242');
    await waitFor('plot bought by Bea', settled(['G6'], 'bought'));
    await submitHostedPage(late.body.url!, '4242424242424242');
    await waitFor(
      'late payment refunded',
      async () => (await paymentOf(late.body.sessionId!))?.refund_id,
    );
    expect(await paymentOf(late.body.sessionId!)).toMatchObject({
      status: 'refunded',
      refund_reason: 'plots-taken',
      lost_plots: ['G6'],
    });
    expect((await readCells(db(), ['G6']))[0]).toMatchObject({ status: 'bought', user: bea.uid });
    // The money came in and went back: the ledger shows both, and no plot.
    expect(await ledgerOf(late.body.sessionId!)).toMatchObject({ amount_cents: 25000, cells: [] });
    await waitFor('the refund in the ledger', async () => {
      const refunds = await db()
        .collection('donations')
        .where('refund_of', '==', late.body.sessionId!)
        .get();
      return refunds.docs.map((doc) => doc.get('amount_cents')).join() === '-25000';
    });
    expect(await eventsOfSession(late.body.sessionId!, 'checkout.session.completed')).toHaveLength(
      1,
    );

    // Had the refund call failed, the refund would stay due: the hourly sweep's retry refunds
    // it, and only once (the same idempotency key gives back the same refund).
    const { refund_id: refundId } = (await paymentOf(late.body.sessionId!))!;
    await db()
      .collection('payments')
      .doc(late.body.sessionId!)
      .update({ refund_id: null, refund_due: true });
    const double = new URL(stripeUrl);
    const payments = {
      store: firestorePaymentStore(
        db,
        () => Date.now(),
        firebaseAddressProofs(() => adminAuth(authHost)),
      ),
      checkout: stripeCheckoutGateway(() => ({
        secretKey: SECRETS.STRIPE_SECRET_KEY!,
        webhookSecret: SECRETS.STRIPE_WEBHOOK_SECRET!,
        host: double.hostname,
        port: Number(double.port),
        protocol: 'http',
      })),
      siteUrl: () => siteUrl,
    };
    // `npm run sweep` retries it by hand, as the hourly function does (issue 40 item 11).
    const swept = await runSweepScript({
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      FIRESTORE_EMULATOR_HOST: inject('firestoreHost'),
      STRIPE_API_HOST: double.hostname,
      STRIPE_API_PORT: double.port,
    });
    expect(swept).toContain(late.body.sessionId);
    expect(swept).toMatch(/sweep: [1-9]\d* refunds owed made/);
    expect(await paymentOf(late.body.sessionId!)).toMatchObject({
      refund_id: refundId,
      refund_due: false,
    });
    expect(await retryDueRefunds(payments)).toEqual([]);
  });
});

describe('the race: 50 donors buying overlapping sets of 10 plots at once', () => {
  it('sells every plot at most once, tells every loser 409, and the ledger adds up', async () => {
    // A ring of 117 plots (columns H..J); donor i wants 10 consecutive ones from 7 plots after
    // donor i-1's start: neighbours share 3 plots, every plot is wanted by 4 or 5 donors at once.
    const ring = [...'HIJ'].flatMap((column) =>
      Array.from({ length: 39 }, (_, i) => `${column}${i + 1}`),
    );
    const donors = await Promise.all(
      Array.from({ length: 50 }, (_, i) => newDonor(authHost, db(), `Donante ${i}`)),
    );
    const wants = donors.map((_, i) =>
      Array.from({ length: 10 }, (__, k) => ring[(i * 7 + k) % ring.length]!),
    );
    // The race runs on the API's handler in this process (see in-process-api.ts); the payments
    // then go through the hosted page and the webhook on the stack as every other case.
    const api = await startInProcessApi({
      firestoreHost: inject('firestoreHost'),
      authHost,
      stripeUrl,
      siteUrl,
    });
    const answers = await Promise.all(
      donors.map((donor, i) => startPayment(api.url, donor, 'buy', wants[i])),
    ).finally(() => api.close());
    const unexpected = answers.filter((answer) => answer.status !== 200 && answer.status !== 409);
    expect(unexpected).toEqual([]);
    for (const answer of answers)
      if (answer.status === 409)
        expect(answer.body.error).toBe('Alguna parcela no está disponible');
    const winners = answers.flatMap((answer, i) => (answer.status === 200 ? [{ i, answer }] : []));
    expect(winners.length).toBeGreaterThan(0);
    const claimed = winners.flatMap(({ i }) => wants[i]!);
    expect(new Set(claimed).size).toBe(claimed.length);

    await Promise.all(
      winners.map(({ answer }) => submitHostedPage(answer.body.url!, '4242424242424242')),
    );
    // Up to 50 webhooks through the Functions emulator, beside the other lane on 2 cores: its
    // pace is the machine's, not what the test checks.
    await waitFor(
      'every winner settled',
      async () => {
        const cells = await readCells(db(), claimed);
        return cells.every((cell) => cell.status === 'bought');
      },
      150_000,
    );
    const cells = await readCells(db(), ring);
    for (const cell of cells) {
      if (cell.status !== 'bought') continue;
      const owner = winners.find(({ i }) => wants[i]!.includes(cell.id));
      expect(cell.user).toBe(donors[owner!.i]!.uid);
    }
    const sold = cells.filter((cell) => cell.status === 'bought').length;
    expect(sold).toBe(claimed.length);
    const ledger = await Promise.all(winners.map(({ answer }) => ledgerOf(answer.body.sessionId!)));
    const total = ledger.reduce((sum, entry) => sum + (entry?.amount_cents as number), 0);
    expect(total).toBe(sold * 25000);
  }, 240_000);
});

describe('the hourly sweep reads only what lapsed (issue 42 item 3)', () => {
  const plots = ['G30', 'G31', 'G32', 'G33', 'G34'];
  afterAll(() => resetCells(db(), [...plots, 'G35', 'G36']));

  it('reminds a reservation made since the last run and one whose end came within 7 days, once each, reading neither again', async () => {
    const HOUR = 3_600_000;
    const DAY = 24 * HOUR;
    const proofs = firebaseAddressProofs(() => adminAuth(inject('authHost')));
    const remind = (at: number) => mailReservationReminders(db, proofs, at);
    const start = Date.now();
    // A run on record, then two reservations: G35 made now, ending in 3 days; G36 made a month
    // ago (its change long before the run), whose end comes within 7 days in the next hour.
    await remind(start);
    const madeNow = start + 3 * DAY;
    await writeCell(db(), {
      ...parsePlotCode('G35'),
      status: 'reserved',
      user: ana.uid,
      donor_display: 'Ana',
      hold: null,
      reserved_until: madeNow,
    });
    const crossing = start + 7 * DAY + HOUR / 2;
    await db()
      .collection('cells')
      .doc('G36')
      .set({
        x: 'G',
        y: 36,
        status: 'reserved',
        user: ana.uid,
        donor_display: 'Ana',
        hold: null,
        reserved_until: Timestamp.fromMillis(crossing),
        updated_at: Timestamp.fromMillis(start - 30 * DAY),
      });
    const ours = (ids: string[]) => ids.filter((id) => id.includes(ana.uid)).sort();
    expect(ours(await remind(start + HOUR))).toEqual(
      [`reminder-7d-${ana.uid}-${crossing}`, `reminder-7d-${ana.uid}-${madeNow}`].sort(),
    );
    expect(ours(await remind(start + 2 * HOUR))).toEqual([]);
    // 20 hours before G35's end: its 1-day reminder, found by its end alone.
    expect(ours(await remind(madeNow - 20 * HOUR))).toEqual([`reminder-1d-${ana.uid}-${madeNow}`]);
  });

  it('gives back the hold and the reservation past their end, and leaves the live ones and the bought one alone', async () => {
    const now = Date.now();
    const at = (code: string) => parsePlotCode(code);
    const hold = (expiresAt: number) => ({
      session_id: `cs_sweep_${expiresAt}`,
      kind: 'buy' as const,
      expires_at: expiresAt,
    });
    const base = { user: ana.uid, donor_display: 'Ana', reserved_until: null, hold: null };
    await writeCell(db(), { ...at('G30'), ...base, status: 'held', hold: hold(now - 1000) });
    await writeCell(db(), { ...at('G31'), ...base, status: 'held', hold: hold(now + 600_000) });
    await writeCell(db(), {
      ...at('G32'),
      ...base,
      status: 'reserved',
      reserved_until: now - 1000,
    });
    await writeCell(db(), {
      ...at('G33'),
      ...base,
      status: 'reserved',
      reserved_until: now + 864e5,
    });
    await writeCell(db(), { ...at('G34'), ...base, status: 'bought' });
    const released = await firestoreCellRepository(db).releaseLapsed(Date.now());
    expect(released.filter((code) => plots.includes(code)).sort()).toEqual(['G30', 'G32']);
    expect((await readCells(db(), plots)).map((cell) => [cell.status, cell.user])).toEqual([
      ['available', null],
      ['held', ana.uid],
      ['available', null],
      ['reserved', ana.uid],
      ['bought', ana.uid],
    ]);
  });
});
