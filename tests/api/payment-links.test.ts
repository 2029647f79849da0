/**
 * Payment links through the real stack: a donor makes one, someone without an account opens it
 * and pays on the Stripe double, and the webhook gives the plots to the donor, records the payer
 * and marks the link paid. The abuse bounds: the caps, another donor's reservation, a paid or
 * expired link, a plot taken meanwhile.
 */
import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DOMAIN_MESSAGES,
  MAX_OPEN_PAYMENT_LINKS,
  MAX_PAYMENT_LINKS_PER_DAY,
  parsePlotCode,
} from '@parroquia/domain';
import { callApi } from '../support/accounts.ts';
import { forwardedFor, withinOneWindow } from '../support/rate-limits.ts';
import { adminFirestore } from '../support/clients.ts';
import {
  newDonor,
  readCells,
  resetCells,
  stripeClient,
  waitFor,
  writeCell,
  type Donor,
} from '../support/payments.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));
const stripe = stripeClient(inject('stripeUrl'));
const DAY = 24 * 60 * 60 * 1000;

/** Plots no other suite uses. */
const PLOTS = [
  'M30',
  'M31',
  'M32',
  'M33',
  'M34',
  'M35',
  'N30',
  'N31',
  'N32',
  'N33',
  'N34',
  'N35',
  'N36',
];

let rosa: Donor & { email: string };
let bea: Donor & { email: string };

beforeAll(async () => {
  rosa = await newDonor(authHost, db(), 'Rosa Iglesias');
  bea = await newDonor(authHost, db(), 'Bea Pérez');
});
afterAll(() => resetCells(db(), PLOTS));

async function reserve(donor: Donor, codes: string[], until = Date.now() + 20 * DAY) {
  for (const code of codes) {
    await writeCell(db(), {
      ...parsePlotCode(code),
      status: 'reserved',
      user: donor.uid,
      donor_display: donor.name,
      hold: null,
      reserved_until: until,
    });
  }
}

const makeLink = (donor: Donor, codes: string[], tipo = 'complete', language = 'es') =>
  callApi(siteUrl, '/api/payment-links/', {
    token: donor.token,
    body: { celdas: codes.map(parsePlotCode), tipo },
    headers: { 'Accept-Language': language },
  });

const view = (token: string) =>
  callApi(siteUrl, `/api/payment-links/view/?token=${encodeURIComponent(token)}`);

const pay = (token: string, celdas: string[], language = 'ro') =>
  callApi(siteUrl, '/api/payment-links/pay/', {
    body: { token, celdas, idioma: language },
    headers: { 'Accept-Language': language },
  });

const linkIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

const linksOf = async (uid: string) =>
  (await db().collection('payment_links').where('uid', '==', uid).get()).docs;

/** The hosted page's form as a payer fills it: their e-mail, their name, the test card. */
const payOnHostedPage = (url: string, email: string, name: string) =>
  fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ card: '4242424242424242', action: 'pay', email, name }),
    redirect: 'manual',
  });

describe('a relative pays the rest of a reservation from a link', () => {
  it('without an account: the plots become the donor’s, the ledger names the payer, both get mail', async () => {
    await reserve(rosa, ['M30', 'M31']);
    const made = await makeLink(rosa, ['M30', 'M31']);
    expect(made.status).toBe(200);
    const link = (await made.json()) as { token: string; amount_cents: number; expires_at: number };
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.amount_cents).toBe(40_000);
    // Only the token's hash is stored, and making the link holds nothing.
    const stored = await db().collection('payment_links').doc(linkIdOf(link.token)).get();
    expect(stored.data()).toMatchObject({ uid: rosa.uid, state: 'open', plots: ['M30', 'M31'] });
    expect(JSON.stringify(stored.data())).not.toContain(link.token);
    expect((await readCells(db(), ['M30', 'M31'])).map((cell) => cell.status)).toEqual([
      'reserved',
      'reserved',
    ]);

    const seen = (await (await view(link.token)).json()) as Record<string, unknown>;
    expect(seen).toMatchObject({
      state: 'open',
      kind: 'complete',
      payable: ['M30', 'M31'],
      taken: [],
      amount_cents: 40_000,
      donor_display: 'Rosa Iglesias',
    });
    expect(JSON.stringify(seen)).not.toContain(rosa.email);

    const started = await pay(link.token, ['M30', 'M31']);
    expect(started.status).toBe(200);
    const { sessionId, url } = (await started.json()) as { sessionId: string; url: string };
    // The usual hold is taken now, for the donor's account.
    expect((await readCells(db(), ['M30'])).map((cell) => [cell.status, cell.user])).toEqual([
      ['held', rosa.uid],
    ]);
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    expect(session.customer_email).toBeNull();
    expect(session.locale).toBe('ro');
    expect((await payOnHostedPage(url, 'ion.abroad@example.test', 'Ion Popescu')).status).toBe(303);

    await waitFor('plots bought', async () =>
      (await readCells(db(), ['M30', 'M31'])).every(
        (cell) => cell.status === 'bought' && cell.user === rosa.uid,
      ),
    );
    const row = (await db().collection('donations').doc(sessionId).get()).data();
    expect(row).toMatchObject({
      donor: rosa.uid,
      donor_email: rosa.email,
      kind: 'complete',
      amount_cents: 40_000,
      payer_email: 'ion.abroad@example.test',
      payer_name: 'Ion Popescu',
      payment_link: linkIdOf(link.token),
    });
    const after = (await db().collection('payment_links').doc(linkIdOf(link.token)).get()).data();
    expect(after).toMatchObject({ state: 'paid', paid_session: sessionId });
    const receipt = (await db().collection('mail').doc(`receipt-${sessionId}`).get()).data();
    expect(receipt?.to).toBe('ion.abroad@example.test');
    expect(receipt?.message.text).toContain('Rosa Iglesias');
    expect(receipt?.message.subject).toContain('Parohia');
    const notice = (await db().collection('mail').doc(`link-paid-${sessionId}`).get()).data();
    expect(notice?.to).toBe(rosa.email);
    expect(notice?.message.text).toContain('Ion Popescu');

    // Opened again: it says it is paid, and cannot be paid twice.
    expect(((await (await view(link.token)).json()) as { state: string }).state).toBe('paid');
    const again = await pay(link.token, ['M30', 'M31'], 'en');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe(
      DOMAIN_MESSAGES.en.paymentLinkPaid,
    );

    // A refund goes back on the payment intent the payer's card paid.
    const paid = await stripe.checkout.sessions.retrieve(sessionId);
    const refund = await stripe.refunds.create({ payment_intent: paid.payment_intent as string });
    expect(refund.payment_intent).toBe(paid.payment_intent);
  });

  it('shows an anonymous donor by their code, never their name', async () => {
    const anon = await newDonor(authHost, db(), 'Oculto Anónimo', { anonymous: true });
    await reserve(anon, ['M32']);
    const { token } = (await (await makeLink(anon, ['M32'])).json()) as { token: string };
    const seen = (await (await view(token)).json()) as { donor_display: string };
    const code = (await db().collection('users').doc(anon.uid).get()).get('personal_code');
    expect(seen.donor_display).toBe(code);
    expect(JSON.stringify(seen)).not.toContain('Oculto');
  });

  it('says which plot was taken meanwhile and lets the payer pay the rest', async () => {
    await reserve(bea, ['M33', 'M34']);
    const { token } = (await (await makeLink(bea, ['M33', 'M34'])).json()) as { token: string };
    await writeCell(db(), {
      ...parsePlotCode('M34'),
      status: 'bought',
      user: rosa.uid,
      donor_display: rosa.name,
      hold: null,
      reserved_until: null,
    });
    const seen = (await (await view(token)).json()) as Record<string, unknown>;
    expect(seen).toMatchObject({ payable: ['M33'], taken: ['M34'], amount_cents: 20_000 });
    const stale = await pay(token, ['M33', 'M34'], 'en');
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toBe(
      DOMAIN_MESSAGES.en.paymentLinkPlotsChanged,
    );
    expect((await readCells(db(), ['M33']))[0]!.status).toBe('reserved');
    const rest = await pay(token, ['M33']);
    expect(rest.status).toBe(200);
    // Paying again from the page replaces the earlier checkout rather than failing on its hold.
    const second = await pay(token, ['M33']);
    expect(second.status).toBe(200);
    const first = (await rest.json()) as { sessionId: string };
    expect((await stripe.checkout.sessions.retrieve(first.sessionId)).status).toBe('expired');
  });
});

describe('plots the donor picked', () => {
  it('are bought for the donor by someone else, and were free when the link was made', async () => {
    await resetCells(db(), ['N34']);
    const made = await makeLink(rosa, ['N34'], 'buy');
    expect(made.status).toBe(200);
    const { token, amount_cents } = (await made.json()) as { token: string; amount_cents: number };
    expect(amount_cents).toBe(25_000);
    expect((await readCells(db(), ['N34']))[0]!.status).toBe('available');
    const started = await pay(token, ['N34'], 'en');
    expect(started.status).toBe(200);
    const { sessionId, url } = (await started.json()) as { sessionId: string; url: string };
    expect((await payOnHostedPage(url, 'Tia@Example.test', 'Tía Elena')).status).toBe(303);
    await waitFor('the plot bought for the donor', async () => {
      const [cell] = await readCells(db(), ['N34']);
      return cell?.status === 'bought' && cell.user === rosa.uid;
    });
    const row = (await db().collection('donations').doc(sessionId).get()).data();
    expect(row).toMatchObject({
      donor: rosa.uid,
      kind: 'buy',
      amount_cents: 25_000,
      payer_email: 'tia@example.test',
      payer_name: 'Tía Elena',
    });
  });
});

describe('the bounds of payment links', () => {
  it('the public routes count 30 a minute per address, together', async () => {
    await withinOneWindow();
    const headers = { 'X-Forwarded-For': forwardedFor('198.51.100.77') };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const path = `/api/payment-links/view/?token=${'R'.repeat(43)}`;
      statuses.push((await callApi(siteUrl, path, { headers })).status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(statuses[30]).toBe(429);
    const paying = await callApi(siteUrl, '/api/payment-links/pay/', {
      body: { token: 'R'.repeat(43), celdas: ['M30'] },
      headers,
    });
    expect(paying.status).toBe(429);
  });

  it("refuses another donor's reservation, and writes nothing", async () => {
    await reserve(bea, ['M35']);
    const before = (await linksOf(rosa.uid)).length;
    const refused = await makeLink(rosa, ['M35'], 'complete', 'en');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(
      DOMAIN_MESSAGES.en.paymentLinkNotYourReservation('M35'),
    );
    expect((await linksOf(rosa.uid)).length).toBe(before);
  });

  it('at most a few open per donor: over the cap refused in the caller’s language, nothing written', async () => {
    const carla = await newDonor(authHost, db(), 'Carla Open');
    await reserve(carla, ['N30', 'N31', 'N32', 'N33']);
    for (let i = 0; i < MAX_OPEN_PAYMENT_LINKS; i += 1) {
      expect((await makeLink(carla, [PLOTS[6 + i]!])).status).toBe(200);
    }
    const refused = await makeLink(carla, ['N33'], 'complete', 'ro');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe(
      DOMAIN_MESSAGES.ro.paymentLinksTooManyOpen(MAX_OPEN_PAYMENT_LINKS),
    );
    expect((await linksOf(carla.uid)).length).toBe(MAX_OPEN_PAYMENT_LINKS);
  });

  it('at most so many made in a day, paid or not', async () => {
    const dora = await newDonor(authHost, db(), 'Dora Daily');
    const now = Date.now();
    for (let i = 0; i < MAX_PAYMENT_LINKS_PER_DAY; i += 1) {
      await db()
        .collection('payment_links')
        .doc(`daily-${dora.uid}-${i}`)
        .set({
          uid: dora.uid,
          kind: 'buy',
          plots: ['M30'],
          amount_cents: 25_000,
          state: 'paid',
          created_at: Timestamp.fromMillis(now - 1000),
          expires_at: Timestamp.fromMillis(now + DAY),
          checkout_id: null,
          paid_session: null,
          paid_at: null,
        });
    }
    await resetCells(db(), ['N30']);
    const refused = await makeLink(dora, ['N30'], 'buy', 'en');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe(
      DOMAIN_MESSAGES.en.paymentLinksTooManyToday(MAX_PAYMENT_LINKS_PER_DAY),
    );
    expect((await linksOf(dora.uid)).length).toBe(MAX_PAYMENT_LINKS_PER_DAY);
  });

  it('an expired link says so, and cannot be paid', async () => {
    const token = 'E'.repeat(43);
    await db()
      .collection('payment_links')
      .doc(linkIdOf(token))
      .set({
        uid: bea.uid,
        kind: 'complete',
        plots: ['M35'],
        amount_cents: 20_000,
        state: 'open',
        created_at: Timestamp.fromMillis(Date.now() - 8 * DAY),
        expires_at: Timestamp.fromMillis(Date.now() - DAY),
        checkout_id: null,
        paid_session: null,
        paid_at: null,
      });
    expect(((await (await view(token)).json()) as { state: string }).state).toBe('expired');
    const refused = await pay(token, ['M35'], 'es');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      DOMAIN_MESSAGES.es.paymentLinkExpired,
    );
    expect((await readCells(db(), ['M35']))[0]!.status).toBe('reserved');
  });

  it('the donor cancels their open links: a payer mid-Checkout is stopped, the plots stay theirs', async () => {
    const eva = await newDonor(authHost, db(), 'Eva Cancela');
    await reserve(eva, ['N35', 'N36']);
    const first = (await (await makeLink(eva, ['N35'])).json()) as { token: string };
    const second = (await (await makeLink(eva, ['N36'])).json()) as { token: string };
    const opened = await pay(second.token, ['N36']);
    expect(opened.status).toBe(200);
    const { sessionId } = (await opened.json()) as { sessionId: string };
    expect((await readCells(db(), ['N36']))[0]!.status).toBe('held');

    const cancelled = await callApi(siteUrl, '/api/payment-links/cancel/', {
      token: eva.token,
      method: 'POST',
    });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ cancelled: 2 });
    expect((await stripe.checkout.sessions.retrieve(sessionId)).status).toBe('expired');
    expect((await readCells(db(), ['N35', 'N36'])).map((cell) => [cell.status, cell.user])).toEqual(
      [
        ['reserved', eva.uid],
        ['reserved', eva.uid],
      ],
    );
    expect(((await (await view(first.token)).json()) as { state: string }).state).toBe('cancelled');
    const refused = await pay(first.token, ['N35'], 'en');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      DOMAIN_MESSAGES.en.paymentLinkCancelled,
    );
    // Another donor's call cancels nothing of hers.
    await makeLink(eva, ['N35']);
    const fran = await newDonor(authHost, db(), 'Fran Otro');
    const other = await callApi(siteUrl, '/api/payment-links/cancel/', {
      token: fran.token,
      method: 'POST',
    });
    expect(await other.json()).toEqual({ cancelled: 0 });
    expect((await linksOf(eva.uid)).filter((doc) => doc.get('state') === 'open')).toHaveLength(1);
  });

  it('an unknown or malformed token is a clear error', async () => {
    const unknown = await view('U'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toBe(
      DOMAIN_MESSAGES.es.paymentLinkUnknown,
    );
    const malformed = await view('short');
    expect(malformed.status).toBe(400);
    const signedOut = await callApi(siteUrl, '/api/payment-links/', {
      body: { celdas: [parsePlotCode('M30')], tipo: 'complete' },
    });
    expect(signedOut.status).toBe(401);
  });
});
