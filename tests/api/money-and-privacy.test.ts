/**
 * Issue 17's defects, each as an attacker or an auditor met it on `npm start`'s stack: through
 * Hosting -> Functions -> our Firestore, the Auth emulator's tokens and the Stripe double.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type Stripe from 'stripe';
import { MAX_PLOTS_HELD_PER_ACCOUNT } from '@parroquia/domain';
import { consentingDonor } from '../support/accounts.ts';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import {
  postWebhook,
  readCells,
  resetCells,
  signedEvent,
  startPayment,
  stripeClient,
  submitHostedPage,
  waitFor,
  type Donor,
} from '../support/payments.ts';
import { readAsSpanishExcel, spanishCents } from '../support/spanish-spreadsheet.ts';
import { newAccount, postJson, storedCode, uniqueName } from '../support/staff.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const stripeUrl = inject('stripeUrl');
const db = () => adminFirestore(inject('firestoreHost'));
const stripe = stripeClient(stripeUrl);
const REGISTER = `${siteUrl}/api/users/register-physical-certificate/`;

/** Columns L, O, P, T and U are this suite's alone. */
const touched = new Set<string>();
const nextRow = new Map<string, number>();
function plots(count: number, column = 'T'): string[] {
  const first = nextRow.get(column) ?? 1;
  if (first + count - 1 > 39) throw new Error(`this suite ran out of plots in column ${column}`);
  nextRow.set(column, first + count);
  const codes = Array.from({ length: count }, (_, i) => `${column}${first + i}`);
  codes.forEach((code) => touched.add(code));
  return codes;
}

let staffToken = '';
beforeAll(async () => {
  staffToken = await idTokenOf(authHost, DEMO.staff);
});
afterAll(async () => {
  await resetCells(db(), [...touched]);
});

interface SignedUpDonor extends Donor {
  email: string;
  personalCode: string;
}

/**
 * A donor as the site makes one, with the e-mail a test needs (staff register for it); verified
 * unless told, since staff registrations reach only a proven address.
 */
async function signUp(
  name: string,
  email = `${uniqueName('donante')}@parroquia.test`,
  emailVerified = true,
): Promise<SignedUpDonor> {
  const account = await newAccount(authHost, { email, emailVerified });
  const donor = await consentingDonor(siteUrl, { ...account, idToken: account.token }, { name });
  return { uid: donor.uid, token: donor.idToken, name, email, personalCode: donor.personalCode };
}

async function register(body: Record<string, unknown>): Promise<Response> {
  return postJson(REGISTER, staffToken, { code: await storedCode(db()), ...body });
}

async function publicAnswers(personalCode: string): Promise<string> {
  const cells = await (await fetch(`${siteUrl}/api/cells/`)).text();
  const verify = await fetch(`${siteUrl}/api/certificates/verify/?code=${personalCode}`);
  return `${cells}\n${verify.status} ${await verify.text()}`;
}

async function displaysOf(codes: string[]) {
  return (await readCells(db(), codes)).map((cell) => cell.donor_display);
}

async function pay(donor: Donor, kind: 'buy' | 'reserve' | 'complete', codes: string[]) {
  const started = await startPayment(siteUrl, donor, kind, codes);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await submitHostedPage(started.body.url!, '4242424242424242');
  const session = await waitFor('the payment recorded', async () => {
    const payment = (await db().collection('payments').doc(started.body.sessionId!).get()).data();
    return payment?.status === 'paid'
      ? stripe.checkout.sessions.retrieve(started.body.sessionId!)
      : null;
  });
  return session;
}

/** Refunds the whole payment in Stripe and waits until the webhook has answered its event. */
async function refund(session: Stripe.Checkout.Session) {
  const refunded = await stripe.refunds.create({
    payment_intent: session.payment_intent as string,
  });
  await waitFor('the refund event delivered', async () => {
    const double = (await (await fetch(`${stripeUrl}/_double/events`)).json()) as {
      events: Stripe.Event[];
      deliveries: Array<{ eventId: string; delivered: boolean }>;
    };
    const event = double.events.find(
      (candidate) =>
        candidate.type === 'charge.refunded' &&
        candidate.data.object.payment_intent === refunded.payment_intent &&
        candidate.data.object.amount_refunded >= refunded.amount,
    );
    return double.deliveries.some(
      (delivery) => delivery.eventId === event?.id && delivery.delivered,
    );
  });
}

describe('anonymity', () => {
  it('staff ticking "stay anonymous" for a donor with an account hides the name everywhere, and keeps it hidden after a profile save', async () => {
    const donor = await signUp(uniqueName('Zenobia'));
    const codes = plots(1);
    const registered = await register({
      email: donor.email,
      name: donor.name,
      is_anonymous_donor: true,
      parcelas: codes,
      method: 'transfer',
    });
    expect(registered.status).toBe(200);
    expect(await displaysOf(codes)).toEqual([donor.personalCode]);
    expect(await publicAnswers(donor.personalCode)).not.toContain(donor.name);

    // The web sends the profile it has; the name is the same, the anonymity what the account says.
    const whoami = await fetch(`${siteUrl}/api/users/whoami/`, {
      headers: { Authorization: `Bearer ${donor.token}` },
    });
    const profile = (await whoami.json()) as { is_anonymous_donor: boolean };
    expect(profile.is_anonymous_donor).toBe(true);
    const saved = await postJson(`${siteUrl}/api/users/update_user/`, donor.token, {
      ...profile,
      name: donor.name,
    });
    expect(saved.status).toBe(200);
    expect(await displaysOf(codes)).toEqual([donor.personalCode]);
    expect(await publicAnswers(donor.personalCode)).not.toContain(donor.name);
  });

  it('an anonymous certificate for an e-mail without an account stays anonymous when its donor links it', async () => {
    const email = `${uniqueName('sin-cuenta')}@parroquia.test`;
    const name = uniqueName('Ulpiana');
    const code = await storedCode(db());
    const codes = plots(1);
    const registered = await postJson(REGISTER, staffToken, {
      email,
      code,
      name,
      is_anonymous_donor: true,
      parcelas: codes,
      method: 'transfer',
    });
    expect(registered.status).toBe(200);
    expect(await displaysOf(codes)).toEqual([null]);

    // Not verified, so the first sign-in claims nothing: the donor links the code they hold.
    const donor = await signUp(name, email, false);
    const linked = await postJson(`${siteUrl}/api/users/link-code/`, donor.token, { code });
    expect(linked.status).toBe(200);
    expect(await displaysOf(codes)).toEqual([donor.personalCode]);
    expect(await publicAnswers(donor.personalCode)).not.toContain(name);
  });

  it('once an account stands for a mailbox, its other waiting plots stop showing the name staff typed', async () => {
    const email = `${uniqueName('espera')}@parroquia.test`;
    const name = uniqueName('Ylenia');
    const [shown] = plots(1);
    const first = await postJson(REGISTER, staffToken, {
      email,
      code: await storedCode(db()),
      name,
      parcelas: [shown],
      method: 'transfer',
    });
    expect(first.status).toBe(200);
    expect(await displaysOf([shown!])).toEqual([name]);
    const code = await storedCode(db());
    const second = await postJson(REGISTER, staffToken, {
      email,
      code,
      name,
      is_anonymous_donor: true,
      parcelas: plots(1),
      method: 'transfer',
    });
    expect(second.status).toBe(200);
    const donor = await signUp(uniqueName('Otra'));
    expect((await postJson(`${siteUrl}/api/users/link-code/`, donor.token, { code })).status).toBe(
      200,
    );
    expect(await displaysOf([shown!])).toEqual([null]);
    expect(await publicAnswers(donor.personalCode)).not.toContain(name);
  });

  it('a certificate whose reservation lapsed cannot claim its plot from a newer certificate', async () => {
    const [plot] = plots(1);
    const old = await storedCode(db());
    const first = await postJson(REGISTER, staffToken, {
      email: `${uniqueName('vieja')}@parroquia.test`,
      code: old,
      parcelas: [plot],
      reserve: true,
      method: 'transfer',
    });
    expect(first.status).toBe(200);
    // The 30 days pass and the sweep gives the plot back; staff register it for someone else.
    await resetCells(db(), [plot!]);
    const newer = await postJson(REGISTER, staffToken, {
      email: `${uniqueName('nueva')}@parroquia.test`,
      code: await storedCode(db()),
      parcelas: [plot],
      reserve: true,
      method: 'transfer',
    });
    expect(newer.status).toBe(200);
    const donor = await signUp(uniqueName('Tarde'));
    const linked = await postJson(`${siteUrl}/api/users/link-code/`, donor.token, { code: old });
    expect(linked.status).toBe(409);
    expect((await readCells(db(), [plot!]))[0]).toMatchObject({ status: 'reserved', user: null });
  });

  it('the check page names nobody who holds no plot', async () => {
    const donor = await signUp(uniqueName('Sinparcela'));
    const answer = await fetch(`${siteUrl}/api/certificates/verify/?code=${donor.personalCode}`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain(donor.name);
  });
});

describe('refunds', () => {
  it('refunding only the deposit of a completed plot keeps it bought; refunding the rest too frees it', async () => {
    const donor = await signUp(uniqueName('Deposito'));
    const rival = await signUp(uniqueName('Rival'));
    const [plot] = plots(1);
    const deposit = await pay(donor, 'reserve', [plot!]);
    const rest = await pay(donor, 'complete', [plot!]);
    expect((await readCells(db(), [plot!]))[0]).toMatchObject({
      status: 'bought',
      user: donor.uid,
    });

    await refund(deposit);
    expect((await readCells(db(), [plot!]))[0]).toMatchObject({
      status: 'bought',
      user: donor.uid,
    });
    expect((await startPayment(siteUrl, rival, 'buy', [plot!])).status).toBe(409);

    await refund(rest);
    expect((await readCells(db(), [plot!]))[0]).toMatchObject({ status: 'available', user: null });
  });

  it('refunding only the completion gives the donor back their reservation', async () => {
    const donor = await signUp(uniqueName('Completa'));
    const [plot] = plots(1);
    await pay(donor, 'reserve', [plot!]);
    const rest = await pay(donor, 'complete', [plot!]);
    await refund(rest);
    const [cell] = await readCells(db(), [plot!]);
    expect(cell).toMatchObject({ status: 'reserved', user: donor.uid });
    expect(cell!.reserved_until).toBeGreaterThan(Date.now());
  });
});

describe('the ledger', () => {
  it('writes card gifts with the donor, e-mail and month, and a refund as its own negative row', async () => {
    const donor = await signUp(uniqueName('Libro'));
    const session = await pay(donor, 'buy', plots(1));
    const gift = (await db().collection('donations').doc(session.id).get()).data();
    expect(gift).toMatchObject({
      donor: donor.uid,
      donor_name: donor.name,
      donor_email: donor.email,
      method: 'card',
      amount_cents: 25000,
    });
    expect(gift?.month).toMatch(/^\d{4}-\d{2}$/);

    await refund(session);
    const refunds = await db().collection('donations').where('refund_of', '==', session.id).get();
    expect(refunds.docs.map((doc) => doc.get('amount_cents'))).toEqual([-25000]);
    const csv = await fetch(`${siteUrl}/api/staff/donations.csv`, {
      headers: { Authorization: `Bearer ${staffToken}` },
    });
    const rows = readAsSpanishExcel(await csv.text()).rows.filter(
      (row) => row.referencia === session.id || row.deshace === session.id,
    );
    expect(rows).toHaveLength(2);
    const refunded = rows.find((row) => row.tipo === 'reembolso');
    expect(spanishCents(refunded!.importe_eur!)).toBe(-25_000);
    // Nobody here asked it (the test refunds in Stripe): Stripe recorded it, for no reason known.
    expect(refunded).toMatchObject({ registrado_por: 'Stripe', motivo: '' });
    expect(rows.every((row) => row.correo === donor.email)).toBe(true);
  });
});

describe('the cash limit counts people, not spellings', () => {
  it('refuses to link a certificate whose cash takes its donor past 999.99 EUR this month', async () => {
    const donor = await signUp(uniqueName('Efectivo'));
    const elsewhere = `${uniqueName('otra')}@parroquia.test`;
    const code = await storedCode(db());
    const first = plots(3);
    expect(
      (await postJson(REGISTER, staffToken, { email: elsewhere, code, parcelas: first })).status,
    ).toBe(200);
    expect((await register({ email: donor.email, parcelas: plots(3) })).status).toBe(200);

    const linked = await postJson(`${siteUrl}/api/users/link-code/`, donor.token, { code });
    expect(linked.status).toBe(409);
    expect(((await linked.json()) as { error: string }).error).toMatch(/999,99/);
    expect((await readCells(db(), first)).map((cell) => cell.user)).toEqual([null, null, null]);
    expect((await db().collection('certificate_codes').doc(code).get()).get('status')).toBe(
      'registered',
    );
  });

  it('refuses to link even a transfer certificate whose mailbox brings cash past the limit', async () => {
    const donor = await signUp(uniqueName('Juntas'));
    expect((await register({ email: donor.email, parcelas: plots(3, 'P') })).status).toBe(200);
    const stranger = `${uniqueName('buzon')}@parroquia.test`;
    expect((await register({ email: stranger, parcelas: plots(2, 'P') })).status).toBe(200);
    const code = await storedCode(db());
    const transfer = await postJson(REGISTER, staffToken, {
      email: stranger,
      code,
      parcelas: plots(1, 'P'),
      method: 'transfer',
    });
    expect(transfer.status).toBe(200);
    const linked = await postJson(`${siteUrl}/api/users/link-code/`, donor.token, { code });
    expect(linked.status).toBe(409);
  });

  it('reads a.b@, ab+x@, googlemail.com and case as one Gmail mailbox', async () => {
    const local = uniqueName('ab').replaceAll('-', '');
    const [a, b] = [local.slice(0, 3), local.slice(3)];
    expect((await register({ email: `${a}.${b}@gmail.com`, parcelas: plots(3) })).status).toBe(200);
    for (const alias of [
      `${a}${b}+x@gmail.com`,
      `${a}.${b}@googlemail.com`,
      `${a.toUpperCase()}${b}@Gmail.com`,
    ]) {
      const refused = await register({ email: alias, parcelas: plots(1, 'U') });
      expect(refused.status, alias).toBe(400);
    }
  });
});

describe('at the same moment', () => {
  it('two registrations of 750 EUR cash for two spellings of one mailbox: one passes', async () => {
    const local = uniqueName('race').replaceAll('-', '');
    const answers = await Promise.all([
      register({ email: `${local}@gmail.com`, parcelas: plots(3, 'P') }),
      register({
        email: `${local.slice(0, 4)}.${local.slice(4)}+b@googlemail.com`,
        parcelas: plots(3, 'P'),
      }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it('one account linking two 750 EUR cash certificates at once: one link passes', async () => {
    const donor = await signUp(uniqueName('Doble'));
    const codes = [await storedCode(db()), await storedCode(db())];
    for (const code of codes) {
      const registered = await postJson(REGISTER, staffToken, {
        email: `${uniqueName('papel')}@parroquia.test`,
        code,
        parcelas: plots(3, 'P'),
      });
      expect(registered.status).toBe(200);
    }
    const answers = await Promise.all(
      codes.map((code) => postJson(`${siteUrl}/api/users/link-code/`, donor.token, { code })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('one account opening two checkouts of 15 plots at once: one passes the cap', async () => {
    const donor = await signUp(uniqueName('Prisa'));
    const answers = await Promise.all([
      startPayment(siteUrl, donor, 'buy', plots(15, 'T')),
      startPayment(siteUrl, donor, 'reserve', plots(15, 'U')),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});

describe('holds', () => {
  it(`lets one account hold at most ${MAX_PLOTS_HELD_PER_ACCOUNT} plots in open checkouts`, async () => {
    const donor = await signUp(uniqueName('Acaparador'));
    const first = plots(15, 'L');
    expect((await startPayment(siteUrl, donor, 'buy', first)).status).toBe(200);
    const over = await startPayment(siteUrl, donor, 'reserve', plots(6, 'O'));
    expect(over.status).toBe(409);
    expect(over.body.error).toMatch(new RegExp(`${MAX_PLOTS_HELD_PER_ACCOUNT} parcelas`));
    expect((await startPayment(siteUrl, donor, 'buy', plots(5, 'O'))).status).toBe(200);
    expect((await startPayment(siteUrl, donor, 'buy', plots(1, 'O'))).status).toBe(409);
  });
});

describe('what staff type', () => {
  it('refuses names of 10,000 characters or with control characters, and stores nothing', async () => {
    for (const name of ['x'.repeat(10_000), 'Ana\r\nGarcía\0']) {
      const codes = plots(1, 'U');
      const answer = await register({ email: 'largo@parroquia.test', name, parcelas: codes });
      expect(answer.status).toBe(400);
      expect((await readCells(db(), codes))[0]).toMatchObject({ status: 'available' });
    }
  });

  it('refuses method: null instead of recording cash', async () => {
    const answer = await register({
      email: 'nulo@parroquia.test',
      parcelas: plots(1, 'U'),
      method: null,
    });
    expect(answer.status).toBe(400);
  });
});

describe('signed events that do not add up', () => {
  it('a completed session paying 1 cent for a 250 EUR plot buys nothing', async () => {
    const donor = await signUp(uniqueName('Centimo'));
    const [plot] = plots(1, 'U');
    const started = await startPayment(siteUrl, donor, 'buy', [plot!]);
    const session = await stripe.checkout.sessions.retrieve(started.body.sessionId!);
    const { payload, signature } = signedEvent(stripe, {
      id: `evt_${uniqueName('cent')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...session, status: 'complete', payment_status: 'paid', amount_total: 1 } },
    });
    const answer = await postWebhook(siteUrl, payload, signature);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { outcome: string }).outcome).toBe('refund-due');
    expect((await readCells(db(), [plot!]))[0]).toMatchObject({ status: 'available' });
  });

  it('a signed event without data is acknowledged and ignored, not a 500', async () => {
    const { payload, signature } = signedEvent(stripe, {
      id: `evt_${uniqueName('nodata')}`,
      object: 'event',
      type: 'checkout.session.completed',
    });
    const answer = await postWebhook(siteUrl, payload, signature);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});
