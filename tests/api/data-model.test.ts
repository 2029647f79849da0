/**
 * docs/data-model.md is what the product writes: a whole journey through the local stack, then
 * every document of every documented collection that the journey wrote, each checked against
 * the doc's field table (`tests/support/data-model-doc.ts` reads it). Only documents written
 * since the journey began are the product's own: the suites before this one also write
 * fixtures straight through the Admin SDK.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parsePlotCode } from '@parroquia/domain';
import { ROOT } from '@parroquia/testkit/local-stack';
import { consentingDonor, newEmailAccount, callApi, verifyEmail } from '../support/accounts.ts';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import {
  documentedCollections,
  fieldProblems,
  type DocumentedField,
} from '../support/data-model-doc.ts';
import {
  readCells,
  resetCells,
  startPayment,
  stripeClient,
  submitHostedPage,
  waitFor,
  type Donor,
} from '../support/payments.ts';
import { postJson, uniqueName } from '../support/staff.ts';
import { runSweepScript } from '../support/sweep-script.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));
const stripe = stripeClient(inject('stripeUrl'));

const DOC = documentedCollections(readFileSync(join(ROOT, 'docs/data-model.md'), 'utf8'));
/** Plots no other suite uses. */
const PLOTS = {
  bought: ['J31', 'J32'],
  reserved: 'J33',
  expired: 'J34',
  cash: 'J35',
  linked: 'J36',
  held: 'J37',
  extended: 'J38',
  /** Reserved by the donor, its rest paid by a relative through a payment link. */
  relative: 'J39',
};
const ALL_PLOTS = Object.values(PLOTS).flat();
/**
 * Written only when a paid session cannot buy its plots (they went to someone else, or another
 * amount was paid) and the refund goes out by itself: payments.test.ts drives that case.
 */
const NOT_IN_JOURNEY = [
  ...['refund_reason', 'lost_plots', 'refund_due', 'refund_id'].map((field) => `payments.${field}`),
  // Written by the Trigger Email extension (locally `npm start`'s relay), not by the product:
  // the stack of this suite sends no mail. tests/e2e/mail.spec.ts runs the relay.
  ...[
    'delivery',
    'delivery.state',
    'delivery.endTime',
    'delivery.info',
    'delivery.info.messageId',
  ].map((field) => `mail.${field}`),
];

afterAll(() => resetCells(db(), ALL_PLOTS));

describe('the data model doc, read as data', () => {
  it('has a field table for each of the eighteen collections, and the check finds what differs', () => {
    expect([...DOC.keys()]).toEqual([
      'cells',
      'campaign',
      'users',
      'personal_codes',
      'commemorations',
      'payments',
      'donations',
      'certificate_codes',
      'cash_limit_locks',
      'hold_locks',
      'stripe_events',
      'sweep_runs',
      'rate_limits',
      'sign_up_confirmations',
      'staff_actions',
      'mail',
      'erased_donors',
      'settings',
      'payment_links',
    ]);
    const holdLock = DOC.get('hold_locks')!;
    expect(fieldProblems({ updated_at: Timestamp.now() }, holdLock)).toEqual([]);
    expect(fieldProblems({ updated_at: 5, extra: true }, holdLock)).toEqual([
      '`extra` is not documented',
      '`updated_at` is integer, documented timestamp',
    ]);
    expect(fieldProblems({}, holdLock)).toEqual(['`updated_at` is missing']);
    const remembered = DOC.get('commemorations')!;
    const at = { on_certificate: true, updated_at: Timestamp.now() };
    expect(fieldProblems({ names: [], ...at }, remembered)).toEqual([]);
    expect(
      fieldProblems({ names: [{ name: 'Ioan', state: 'living' }], ...at }, remembered),
    ).toEqual([]);
    expect(fieldProblems({ names: [{ name: 'Ioan', age: 3 }], ...at }, remembered)).toEqual([
      '`names.age` is not documented',
      '`names.state` is missing',
    ]);
    const cell = { x: 'K', y: 3, status: 'held', user: 'u', donor_display: null };
    const stamp = { reserved_until: null, updated_at: Timestamp.now() };
    expect(
      fieldProblems(
        { ...cell, ...stamp, hold: { session_id: 's', kind: 'buy' } },
        DOC.get('cells')!,
      ),
    ).toEqual(['`hold.expires_at` is missing']);
  });
});

describe('after a whole journey, every document written matches docs/data-model.md', () => {
  const seen = new Set<string>();
  const written: Array<{ collection: string; snapshot: DocumentSnapshot }> = [];

  beforeAll(async () => {
    const since = Date.now();
    await journey();
    for (const collection of DOC.keys()) {
      const snapshots = (await db().collection(collection).get()).docs;
      for (const snapshot of snapshots) {
        if (snapshot.updateTime.toMillis() >= since) written.push({ collection, snapshot });
      }
    }
  }, 240_000);

  it('wrote to every documented collection, and to no other', async () => {
    const collections = new Set(written.map(({ collection }) => collection));
    expect([...DOC.keys()].filter((name) => !collections.has(name))).toEqual([]);
    const stored = (await db().listCollections()).map((collection) => collection.id);
    expect(stored.filter((name) => !DOC.has(name))).toEqual([]);
  });

  it('wrote each document with the documented fields, each of its type', () => {
    const problems = written.flatMap(({ collection, snapshot }) => {
      const fields = DOC.get(collection)!;
      markSeen(collection, fields, snapshot.data()!);
      return fieldProblems(snapshot.data()!, fields).map(
        (problem) => `${collection}/${snapshot.id}: ${problem}`,
      );
    });
    expect(problems).toEqual([]);
  });

  it('wrote every documented field somewhere in the journey', () => {
    const unseen = [...DOC].flatMap(([collection, fields]) =>
      fields.map((field) => `${collection}.${field.name}`).filter((name) => !seen.has(name)),
    );
    expect(unseen.filter((name) => !NOT_IN_JOURNEY.includes(name))).toEqual([]);
  });

  function markSeen(collection: string, fields: DocumentedField[], data: Record<string, unknown>) {
    for (const field of fields) {
      const [head, nested] = field.name.split('.') as [string, string?];
      const value = data[head];
      const there = nested
        ? Array.isArray(value)
          ? value.some((item) => typeof item === 'object' && item !== null && nested in item)
          : typeof value === 'object' && value !== null && nested in value
        : head in data;
      if (there) seen.add(`${collection}.${field.name}`);
    }
  }
});

/**
 * Sign-up and consent, a purchase and a reservation paid by card on the Stripe double's page
 * (its webhook applies them), a checkout expired, the reservation refunded by staff through
 * Stripe, a profile edit, staff
 * codes registered by cash (for the donor's account) and by transfer (for someone without one,
 * who then signs up and links the code), a checkout left open, the rate-limited verify route, and
 * the newcomer erasing his account; then the hourly sweep.
 */
async function journey() {
  const account = await newEmailAccount(authHost);
  // Verified, so her receipts are mailed and staff's registration reaches her account.
  await verifyEmail(authHost, account.uid);
  const lucia = await consentingDonor(siteUrl, account, { name: 'Lucía Datos' });
  const donor: Donor = { uid: lucia.uid, token: lucia.idToken, name: 'Lucía Datos' };

  const bought = await pay(donor, 'buy', PLOTS.bought);
  const reserved = await pay(donor, 'reserve', [PLOTS.reserved]);
  await waitFor('the purchase and the reservation', async () => {
    const statuses = (await readCells(db(), [...PLOTS.bought, PLOTS.reserved])).map(
      (cell) => cell.status,
    );
    return statuses.join() === 'bought,bought,reserved';
  });
  expect(bought).not.toBe(reserved);

  const abandoned = await startPayment(siteUrl, donor, 'buy', [PLOTS.expired]);
  await stripe.checkout.sessions.expire(abandoned.body.sessionId!);
  await waitFor('the expired checkout', async () =>
    paymentStatus(abandoned.body.sessionId!, 'expired'),
  );

  // Staff refund the reservation from the donor's page: Stripe, then its webhook.
  const staffToken = await idTokenOf(authHost, DEMO.staff);
  const refunded = await postJson(`${siteUrl}/api/staff/donations/refund/`, staffToken, {
    donation_id: reserved,
    amount_cents: 5_000,
    reason: 'Lo pidió la donante',
  });
  expect(refunded.status, await refunded.clone().text()).toBe(200);
  await waitFor('the refund', async () => paymentStatus(reserved, 'refunded'));

  // Another reservation, which staff extend by a few days: the plot keeps its first deadline.
  await pay(donor, 'reserve', [PLOTS.extended]);
  await waitFor('the second reservation', async () =>
    (await readCells(db(), [PLOTS.extended]))[0]?.status === 'reserved' ? true : null,
  );
  const [toExtend] = await readCells(db(), [PLOTS.extended]);
  const extended = await postJson(`${siteUrl}/api/staff/reservations/extend/`, staffToken, {
    parcelas: [PLOTS.extended],
    until: new Date(toExtend!.reserved_until! + 3 * 86_400_000).toISOString().slice(0, 10),
    reason: 'Espera su pensión',
  });
  expect(extended.status, await extended.clone().text()).toBe(200);

  // A relative pays the rest of another reservation from a payment link, without an account.
  await pay(donor, 'reserve', [PLOTS.relative]);
  await waitFor('the reservation the relative pays', async () =>
    (await readCells(db(), [PLOTS.relative]))[0]?.status === 'reserved' ? true : null,
  );
  const link = await callApi(siteUrl, '/api/payment-links/', {
    token: lucia.idToken,
    body: { celdas: [parsePlotCode(PLOTS.relative)], tipo: 'complete' },
  });
  expect(link.status, await link.clone().text()).toBe(200);
  const { token } = (await link.json()) as { token: string };
  const opened = await callApi(siteUrl, '/api/payment-links/pay/', {
    body: { token, celdas: [PLOTS.relative], idioma: 'ro' },
  });
  expect(opened.status, await opened.clone().text()).toBe(200);
  const relativePaid = await fetch(((await opened.json()) as { url: string }).url, {
    method: 'POST',
    body: new URLSearchParams({
      card: '4242424242424242',
      action: 'pay',
      email: 'ion.ruda@example.test',
      name: 'Ion Rudă',
    }),
    redirect: 'manual',
  });
  expect(relativePaid.status).toBe(303);
  await waitFor('the rest paid by the relative', async () =>
    (await readCells(db(), [PLOTS.relative]))[0]?.status === 'bought' ? true : null,
  );

  const remembered = await callApi(siteUrl, '/api/users/commemorations/', {
    token: lucia.idToken,
    body: {
      names: [
        { name: 'Ioan', state: 'living' },
        { name: 'Gheorghe', state: 'departed' },
      ],
      on_certificate: true,
    },
  });
  expect(remembered.status).toBe(200);

  const renamed = await callApi(siteUrl, '/api/users/update_user/', {
    token: lucia.idToken,
    body: { name: 'Lucía D.', language: 'ro' },
  });
  expect(renamed.status).toBe(200);

  // Staff save the payment methods as they are (card alone): the settings document is written,
  // and every later checkout offers what it offered before.
  const methods = await postJson(`${siteUrl}/api/staff/payment-methods/`, staffToken, {
    methods: ['card'],
  });
  expect(methods.status).toBe(200);

  const generated = await postJson(`${siteUrl}/api/users/generate-json-codes/`, staffToken, {
    count: 2,
    lang: 'es',
  });
  const { codes } = (await generated.json()) as { codes: [string, string] };
  const register = (body: Record<string, unknown>) =>
    postJson(`${siteUrl}/api/users/register-physical-certificate/`, staffToken, body);
  const cash = await register({
    email: account.email,
    code: codes[0],
    name: 'Lucía Datos',
    is_anonymous_donor: false,
    parcelas: [PLOTS.cash],
    reserve: false,
    method: 'cash',
  });
  expect(cash.status).toBe(200);
  const newcomerEmail = `${uniqueName('papel')}@parroquia.test`;
  const transfer = await register({
    email: newcomerEmail,
    code: codes[1],
    name: 'Pablo Papel',
    is_anonymous_donor: true,
    parcelas: [PLOTS.linked],
    reserve: true,
    method: 'transfer',
  });
  expect(transfer.status).toBe(200);

  const newcomer = await consentingDonor(siteUrl, await newEmailAccount(authHost), {
    name: 'Pablo',
  });
  const linked = await callApi(siteUrl, '/api/users/link-code/', {
    token: newcomer.idToken,
    body: { code: codes[1] },
  });
  expect(linked.status).toBe(200);

  // Left open: its plot is read while held, its payment while pending.
  expect((await startPayment(siteUrl, donor, 'buy', [PLOTS.held])).status).toBe(200);

  const verified = await callApi(
    siteUrl,
    `/api/certificates/verify/?code=${encodeURIComponent(lucia.personalCode)}`,
  );
  expect(verified.status).toBe(200);

  // Someone asks to join and never opens the link: the account waits for it.
  const joining = await callApi(siteUrl, '/api/users/sign-up/', {
    body: { email: `espera-${Date.now()}@parroquia.test`, password: 'Espera-2026', name: 'Espera' },
  });
  expect(joining.status).toBe(202);

  // Pablo leaves (GDPR art. 17): his rows and certificate keep no name, blocked apart.
  const erased = await callApi(siteUrl, '/api/users/erase-account/', {
    token: newcomer.idToken,
    body: { confirm: true },
  });
  expect(erased.status, await erased.clone().text()).toBe(200);

  // The hourly sweep, once (`npm run sweep`): it records its run for the next one.
  const stripeDouble = new URL(inject('stripeUrl'));
  await runSweepScript({
    FIREBASE_AUTH_EMULATOR_HOST: authHost,
    FIRESTORE_EMULATOR_HOST: inject('firestoreHost'),
    STRIPE_API_HOST: stripeDouble.hostname,
    STRIPE_API_PORT: stripeDouble.port,
    SITE_URL: siteUrl,
  });
}

/** Starts a checkout and pays it with the test card on the double's page: the session id. */
async function pay(donor: Donor, kind: 'buy' | 'reserve', plots: string[]): Promise<string> {
  const started = await startPayment(siteUrl, donor, kind, plots);
  expect(started.status, started.body.error).toBe(200);
  const paid = await submitHostedPage(started.body.url!, '4242 4242 4242 4242');
  expect(paid.status).toBe(303);
  return started.body.sessionId!;
}

async function paymentStatus(sessionId: string, status: string): Promise<boolean> {
  return (await db().collection('payments').doc(sessionId).get()).get('status') === status;
}
