/**
 * The payment methods Checkout offers, through Hosting -> Functions -> our Firestore -> the Stripe
 * double: card alone by default; staff alone change it (a donor's 403 in their language, an
 * anonymous caller's 401), SEPA debit refused with nothing changed, each change on the record;
 * and the setting reaches Stripe (`allowed_payment_method_types`) on the next Checkout Session,
 * which the donor then pays with Bizum on the double's page.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StaffActionView } from '@parroquia/domain';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import {
  newDonor,
  readCells,
  startPayment,
  stripeClient,
  waitFor,
  type Donor,
} from '../support/payments.ts';
import { returnPlots } from '../support/plots.ts';
import { apiAs, poolPlots } from '../support/staff.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));
const stripe = stripeClient(inject('stripeUrl'));
const PATH = '/api/staff/payment-methods/';

let staff = '';
let donor: Donor;
const { post, get } = apiAs(siteUrl, () => staff);
const plots = poolPlots();
let startedAt = 0;

beforeAll(async () => {
  startedAt = Date.now() - 1000;
  staff = await idTokenOf(authHost, DEMO.staff);
  donor = await newDonor(authHost, db(), 'Bruno Bizum');
  await db().collection('settings').doc('payments').delete();
});
afterAll(async () => {
  // The other suites expect the default: card alone.
  await db().collection('settings').doc('payments').delete();
  await returnPlots(db(), plots.touched);
});

const stored = async () => (await db().collection('settings').doc('payments').get()).data();

async function changesRecorded(): Promise<StaffActionView[]> {
  const response = await get('/api/staff/actions/?kind=change-payment-methods');
  expect(response.status).toBe(200);
  const { actions } = (await response.json()) as { actions: StaffActionView[] };
  return actions.filter((action) => Date.parse(action.at) >= startedAt);
}

describe('the payment methods setting', () => {
  it('is card alone by default, and a Checkout Session then offers card alone', async () => {
    expect(await (await get(PATH)).json()).toEqual({
      methods: ['card'],
      available: ['card', 'bizum'],
    });
    const started = await startPayment(siteUrl, donor, 'buy', plots.take(1));
    expect(started.status, started.body.error).toBe(200);
    const session = await stripe.checkout.sessions.retrieve(started.body.sessionId!);
    expect(session.payment_method_types).toEqual(['card']);
    expect(session.allowed_payment_method_types).toEqual(['card']);
    await stripe.checkout.sessions.expire(session.id);
  });

  it('answers a donor 403 in their language and an anonymous caller 401, changing nothing', async () => {
    for (const [language, words] of [
      ['es', 'Solo el personal de la parroquia puede hacer esto.'],
      ['en', 'Only parish staff can do this.'],
      ['ro', 'Doar personalul parohiei poate face acest lucru.'],
    ] as const) {
      const refused = await post(PATH, { methods: ['card', 'bizum'] }, donor.token, language);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toBe(words);
      expect((await get(PATH, donor.token, language)).status).toBe(403);
    }
    const anonymous = await fetch(`${siteUrl}${PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ methods: ['card', 'bizum'] }),
    });
    expect(anonymous.status).toBe(401);
    expect(await stored()).toBeUndefined();
    expect(await changesRecorded()).toEqual([]);
  });

  it('refuses SEPA debit (its money arrives days later) and bad lists with 400 naming `methods`', async () => {
    for (const [body, words, language] of [
      [{ methods: ['card', 'sepa_debit'] }, 'El adeudo SEPA no se puede activar', 'es'],
      [{ methods: ['card', 'sepa_debit'] }, 'SEPA debit cannot be turned on', 'en'],
      [{ methods: ['sepa_debit'] }, 'Debitarea directă SEPA nu poate fi activată', 'ro'],
      [{ methods: ['bizum'] }, 'La tarjeta no se puede desactivar', 'es'],
      [{ methods: ['card', 'klarna'] }, 'Método de pago desconocido: klarna', 'es'],
      [{ methods: 'card,bizum' }, 'Los métodos de pago deben ser una lista', 'es'],
    ] as const) {
      const refused = await post(PATH, body, staff, language);
      expect(refused.status).toBe(400);
      const answer = (await refused.json()) as { error: string; field: string };
      expect(answer.field).toBe('methods');
      expect(answer.error).toContain(words);
    }
    expect((await post(PATH, {}, staff)).status).toBe(400);
    expect(await stored()).toBeUndefined();
    expect(await changesRecorded()).toEqual([]);
    expect(await (await get(PATH)).json()).toMatchObject({ methods: ['card'] });
  });

  it('staff turn Bizum on: stored, recorded, sent to Stripe, and a Bizum payment buys the plot', async () => {
    const changed = await post(PATH, { methods: ['card', 'bizum'] });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({
      methods: ['card', 'bizum'],
      available: ['card', 'bizum'],
    });
    expect(await stored()).toMatchObject({
      payment_methods: ['card', 'bizum'],
      updated_by: DEMO.staff.uid,
    });
    const [recorded] = await changesRecorded();
    expect(recorded).toMatchObject({
      action: 'change-payment-methods',
      staff: { uid: DEMO.staff.uid, email: DEMO.staff.email },
      plots: [],
      details: { query: { before: 'card', after: 'card,bizum' } },
    });

    const [plot] = plots.take(1);
    const started = await startPayment(siteUrl, donor, 'buy', [plot!]);
    expect(started.status, started.body.error).toBe(200);
    const session = await stripe.checkout.sessions.retrieve(started.body.sessionId!);
    expect(session.payment_method_types).toEqual(['card', 'bizum']);
    expect(session.allowed_payment_method_types).toEqual(['card', 'bizum']);

    const bizumPage = `${started.body.url!}?method=bizum`;
    expect(await (await fetch(bizumPage)).text()).toContain('Número de móvil de Bizum');
    const paid = await fetch(bizumPage, {
      method: 'POST',
      body: new URLSearchParams({ action: 'bizum-confirm', phone: '612 345 678' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${siteUrl}/success?session_id=${session.id}`);
    await waitFor(
      'the plot bought',
      async () => (await readCells(db(), [plot!]))[0]!.status === 'bought',
    );
    expect((await readCells(db(), [plot!]))[0]).toMatchObject({ user: donor.uid, hold: null });
    const payment = (await db().collection('payments').doc(session.id).get()).data();
    expect(payment).toMatchObject({ status: 'paid' });

    // Off again: the next session offers card alone.
    expect((await post(PATH, { methods: ['card'] })).status).toBe(200);
    const again = await startPayment(siteUrl, donor, 'buy', plots.take(1));
    const next = await stripe.checkout.sessions.retrieve(again.body.sessionId!);
    expect(next.payment_method_types).toEqual(['card']);
    await stripe.checkout.sessions.expire(next.id);
    expect((await changesRecorded()).map((action) => action.details?.query)).toEqual([
      { before: 'card,bizum', after: 'card' },
      { before: 'card', after: 'card,bizum' },
    ]);
  });
});
