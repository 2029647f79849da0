import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeDouble, type StripeDouble } from '../src/index.ts';

const SECRET = 'whsec_double_test';
let double: StripeDouble;
let webhook: Server;
let answerWith = 200;
const received: Array<{ event: Stripe.Event; status: number }> = [];
let stripe: Stripe;

beforeAll(async () => {
  webhook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const event = stripe.webhooks.constructEvent(
        Buffer.concat(chunks),
        String(req.headers['stripe-signature']),
        SECRET,
      );
      received.push({ event, status: answerWith });
      res.writeHead(answerWith).end();
    });
  });
  await new Promise<void>((done) => webhook.listen(0, '127.0.0.1', done));
  const webhookPort = (webhook.address() as AddressInfo).port;
  double = await startStripeDouble({
    port: 0,
    webhookUrl: `http://127.0.0.1:${webhookPort}/`,
    webhookSecret: SECRET,
    retryDelaysMs: [50, 100],
    log: () => {},
  });
  stripe = new Stripe('sk_test_double', { host: '127.0.0.1', port: double.port, protocol: 'http' });
});
afterAll(async () => {
  await double.close();
  webhook.close();
});

async function newSession(
  extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
  options?: Stripe.RequestOptions,
) {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'eur', unit_amount: 25000, product_data: { name: 'Parcela K3' } },
        },
        {
          quantity: 1,
          price_data: { currency: 'eur', unit_amount: 25000, product_data: { name: 'Parcela K4' } },
        },
      ],
      success_url: 'http://localhost:5000/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5000/cancel',
      expires_at: Math.floor(Date.now() / 1000) + 30 * 60,
      metadata: { uid: 'u1', kind: 'buy', plots: 'K3,K4' },
      ...extra,
    },
    options,
  );
}

/** The error a call the test expects to fail raised (a success fails the test). */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('expected a Stripe error');
    },
    (error: unknown) => error as Stripe.errors.StripeError,
  );

const pay = (url: string, card: string, action = 'pay') =>
  fetch(url, { method: 'POST', body: new URLSearchParams({ card, action }), redirect: 'manual' });

describe('the Stripe double through the official SDK', () => {
  it('creates, retrieves and lists the line items of a session', async () => {
    const session = await newSession();
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 50000,
      currency: 'eur',
      metadata: { uid: 'u1', kind: 'buy', plots: 'K3,K4' },
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data.map((item) => [item.description, item.amount_total])).toEqual([
      ['Parcela K3', 25000],
      ['Parcela K4', 25000],
    ]);
  });

  it('answers Stripe errors the SDK raises as typed errors', async () => {
    await expect(stripe.checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    await expect(
      newSession({ expires_at: Math.floor(Date.now() / 1000) + 60 }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'expires_at' });
    const bad = new Stripe('pk_live_x', { host: '127.0.0.1', port: double.port, protocol: 'http' });
    await expect(bad.checkout.sessions.retrieve('x')).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
    });
  });

  it("shows its page in the session's locale, or the browser's language for auto or none", async () => {
    const page = async (url: string, acceptLanguage = 'de-DE,de;q=0.9') =>
      (await fetch(url, { headers: { 'Accept-Language': acceptLanguage } })).text();
    const romanian = await newSession({ locale: 'ro' });
    expect(romanian.locale).toBe('ro');
    expect((await stripe.checkout.sessions.retrieve(romanian.id)).locale).toBe('ro');
    const ro = await page(romanian.url!);
    expect(ro).toContain('<html lang="ro">');
    expect(ro).toContain('Numărul cardului');
    expect(ro).toContain('Plătiți 500,00');
    expect(ro).not.toMatch(/Pagar|Pay |Card number/);
    const refused = await pay(romanian.url!, '4000 0000 0000 0002');
    expect(await refused.text()).toContain('Cardul dumneavoastră a fost refuzat.');

    const spanish = await page((await newSession({ locale: 'es' })).url!, 'ro-RO');
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('Pagar 500,00');
    expect(await page((await newSession({ locale: 'en' })).url!)).toContain('Pay €500.00');
    // A locale of Stripe's that the double is not written in: English, Stripe's fallback.
    expect(await page((await newSession({ locale: 'de' })).url!)).toContain('<html lang="en">');

    const auto = await newSession({ locale: 'auto' });
    expect(auto.locale).toBe('auto');
    expect(await page(auto.url!, 'fr-FR, ro;q=0.8, es;q=0.5')).toContain('<html lang="ro">');
    const none = await newSession();
    expect(none.locale).toBeNull();
    expect(await page(none.url!, 'es-ES,es;q=0.9')).toContain('<html lang="es">');
    expect(await page(none.url!, 'ja')).toContain('<html lang="en">');
  });

  it('refuses a locale Stripe does not know, as Stripe does, and opens no session', async () => {
    const newest = async () => (await stripe.checkout.sessions.list({ limit: 1 })).data[0]?.id;
    const before = await newest();
    for (const locale of ['ro-RO', 'xx', 'RO']) {
      const error = await refusal(newSession({ locale: locale as 'ro' }));
      expect(error).toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        param: 'locale',
      });
      expect(error.message).toMatch(/^Invalid locale: must be one of auto, bg, .*, ro, /);
    }
    expect(await newest()).toBe(before);
  });

  it('pays with 4242..., redirects to the success URL and posts a signed completed event', async () => {
    const session = await newSession();
    const page = await fetch(session.url!);
    expect(await page.text()).toContain('name="card"');
    const declined = await pay(session.url!, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const paid = await pay(session.url!, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:5000/success?session_id=${session.id}`,
    );
    await double.settle();
    const event = received.find(
      (entry) =>
        entry.event.type === 'checkout.session.completed' &&
        (entry.event.data.object as Stripe.Checkout.Session).id === session.id,
    );
    expect((event!.event.data.object as Stripe.Checkout.Session).payment_status).toBe('paid');
    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved.status).toBe('complete');
    const refund = await stripe.refunds.create({
      payment_intent: retrieved.payment_intent as string,
    });
    expect(refund).toMatchObject({ object: 'refund', amount: 50000, status: 'succeeded' });
    await double.settle();
    expect(received.some((entry) => entry.event.type === 'charge.refunded')).toBe(true);
    await expect(
      stripe.refunds.create({ payment_intent: retrieved.payment_intent as string }),
    ).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });

  it("asks the payer's e-mail and name when the session has none, and reports them as customer_details", async () => {
    const session = await newSession();
    expect(await (await fetch(session.url!)).text()).toContain('name="email"');
    const form = {
      card: '4242424242424242',
      action: 'pay',
      email: 'ion@example.test',
      name: 'Ion Popescu',
    };
    const paid = await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams(form),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved.customer_details).toMatchObject({
      email: 'ion@example.test',
      name: 'Ion Popescu',
    });
    const prefilled = await newSession({ customer_email: 'ana@example.test' });
    expect(await (await fetch(prefilled.url!)).text()).not.toContain('name="email"');
    await pay(prefilled.url!, '4242424242424242');
    expect((await stripe.checkout.sessions.retrieve(prefilled.id)).customer_details?.email).toBe(
      'ana@example.test',
    );
  });

  it('cancel redirects to the cancel URL; expire and the clock send checkout.session.expired', async () => {
    const session = await newSession();
    const cancelled = await pay(session.url!, '', 'cancel');
    expect(cancelled.headers.get('location')).toBe('http://localhost:5000/cancel');
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired.status).toBe('expired');
    const later = await newSession();
    await fetch(`${double.url}/_double/clock`, {
      method: 'POST',
      body: JSON.stringify({ advance_seconds: 31 * 60 }),
    });
    expect((await stripe.checkout.sessions.retrieve(later.id)).status).toBe('expired');
    await double.settle();
    const expiredIds = received
      .filter((entry) => entry.event.type === 'checkout.session.expired')
      .map((entry) => (entry.event.data.object as Stripe.Checkout.Session).id);
    expect(expiredIds).toEqual(expect.arrayContaining([session.id, later.id]));
  });

  it('retries a delivery the endpoint refused, with a fresh signature', async () => {
    answerWith = 500;
    const session = await newSession({ expires_at: undefined });
    await stripe.checkout.sessions.expire(session.id);
    await new Promise((done) => setTimeout(done, 20));
    answerWith = 200;
    await double.settle();
    const record = double.deliveries.at(-1)!;
    expect(record.attempts.map((attempt) => attempt.status)).toEqual([500, 200]);
    expect(record.delivered).toBe(true);
  });

  it("expires only open sessions: a completed or expired one is a 400 in Stripe's error shape", async () => {
    const session = await newSession();
    expect((await pay(session.url!, '4242424242424242')).status).toBe(303);
    const completed = 'This Checkout Session has a status of `complete`.';
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: `Only Checkout Sessions with a status in ["open"] can be expired. ${completed}`,
    });
    const raw = await fetch(`${double.url}/v1/checkout/sessions/${session.id}/expire`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_double' },
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({
      error: { type: 'invalid_request_error', message: expect.stringContaining(completed) },
    });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');

    const open = await newSession();
    await stripe.checkout.sessions.expire(open.id);
    await expect(stripe.checkout.sessions.expire(open.id)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('has a status of `expired`.'),
    });
    await expect(stripe.checkout.sessions.expire('cs_test_unknown')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'session',
    });
  });

  it('replays the first answer to a repeated Idempotency-Key, and lists sessions newest first', async () => {
    const key = { idempotencyKey: 'checkout-replayed' };
    const first = await newSession({}, key);
    const again = await newSession({ metadata: { another: 'body' } }, key);
    expect(again.id).toBe(first.id);
    expect(again.metadata).toEqual(first.metadata);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const listed = await stripe.checkout.sessions.list({ limit: 2 });
    expect(listed.data.map((session) => session.id)[0]).toBe(first.id);
    expect(listed.data).toHaveLength(2);
    expect(listed.has_more).toBe(true);
  });

  it('replays a saved error to a repeated Idempotency-Key, not a fresh run of the endpoint', async () => {
    const session = await newSession();
    await pay(session.url!, '4242 4242 4242 4242');
    const paymentIntent = (await stripe.checkout.sessions.retrieve(session.id))
      .payment_intent as string;
    const key = { idempotencyKey: 'refund-too-large' };
    const tooLarge = () =>
      refusal(stripe.refunds.create({ payment_intent: paymentIntent, amount: 60000 }, key));
    const first = await tooLarge();
    expect(first).toMatchObject({ statusCode: 400, code: 'amount_too_large' });
    expect(first.message).toContain('(€500)');
    await stripe.refunds.create({ payment_intent: paymentIntent, amount: 10000 });
    const again = await tooLarge();
    expect(again).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });
    expect(again.message).toBe(first.message);
    expect(again.headers?.['idempotent-replayed']).toBe('true');

    const unknownKey = { idempotencyKey: 'refund-unknown-intent' };
    const unknown = () =>
      refusal(stripe.refunds.create({ payment_intent: 'pi_unknown_saved' }, unknownKey));
    expect(await unknown()).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const replayed = await unknown();
    expect(replayed).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(replayed.headers?.['idempotent-replayed']).toBe('true');
  });

  it('saves no answer for parameters that fail validation: the same key then runs the request', async () => {
    const key = { idempotencyKey: 'checkout-bad-url-then-fixed' };
    await expect(newSession({ success_url: 'not a url' }, key)).rejects.toMatchObject({
      statusCode: 400,
      code: 'url_invalid',
      param: 'success_url',
    });
    const created = await newSession({}, key);
    expect(created.status).toBe('open');
    expect(created.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    const again = await newSession({}, key);
    expect(again.id).toBe(created.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  it('refunds in part, refuses more than is left, and retrieves a refund by id', async () => {
    const session = await newSession();
    await pay(session.url!, '4242 4242 4242 4242');
    const paymentIntent = (await stripe.checkout.sessions.retrieve(session.id))
      .payment_intent as string;
    const part = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 20000 });
    expect(part.amount).toBe(20000);
    await expect(
      stripe.refunds.create({ payment_intent: paymentIntent, amount: 40000 }),
    ).rejects.toMatchObject({ code: 'amount_too_large', param: 'amount', statusCode: 400 });
    expect(await stripe.refunds.retrieve(part.id)).toMatchObject({
      id: part.id,
      amount: 20000,
      payment_intent: paymentIntent,
    });
    await expect(stripe.refunds.retrieve('re_unknown')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
    await expect(stripe.refunds.create({ payment_intent: 'pi_unknown' })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'payment_intent',
    });
  });
});

describe('the ways of paying a session offers (allowed_payment_method_types)', () => {
  const post = (url: string, fields: Record<string, string>) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

  it('offers card alone by default, and keeps the card page without tabs', async () => {
    const session = await newSession({ locale: 'es' });
    expect(session.payment_method_types).toEqual(['card']);
    expect(session.allowed_payment_method_types).toBeNull();
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('name="card"');
    expect(page).not.toContain('Bizum');
    expect(page).not.toContain('nav class="methods"');
    // ?method=bizum on a card-only session is still the card page.
    expect(await (await fetch(`${session.url!}?method=bizum`)).text()).toBe(page);
  });

  it('records what it was sent and refuses a method it cannot show (SEPA debit)', async () => {
    const session = await newSession({ allowed_payment_method_types: ['card', 'bizum'] });
    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved.allowed_payment_method_types).toEqual(['card', 'bizum']);
    expect(retrieved.payment_method_types).toEqual(['card', 'bizum']);
    const error = await refusal(
      newSession({ allowed_payment_method_types: ['card', 'sepa_debit'] }),
    );
    expect(error).toMatchObject({ statusCode: 400, param: 'allowed_payment_method_types[1]' });
  });

  it('pays by Bizum: the mobile, then "confirm in your bank\'s app", then completed and paid at once', async () => {
    const session = await newSession({
      locale: 'es',
      allowed_payment_method_types: ['card', 'bizum'],
    });
    const cardTab = await (await fetch(session.url!)).text();
    expect(cardTab).toContain('name="card"');
    expect(cardTab).toMatch(
      /<a href="\?method=card" data-method="card" aria-current="page">Tarjeta/,
    );
    expect(cardTab).toContain('<a href="?method=bizum" data-method="bizum">Bizum</a>');
    const bizumUrl = `${session.url!}?method=bizum`;
    const phonePage = await (await fetch(bizumUrl)).text();
    expect(phonePage).toContain('Número de móvil de Bizum');
    expect(phonePage).not.toContain('name="card"');

    const badPhone = await post(bizumUrl, { action: 'bizum-phone', phone: '912 345 678' });
    expect(badPhone.status).toBe(400);
    expect(await badPhone.text()).toContain('Escribe un móvil español de 9 cifras');
    const confirmStep = await post(bizumUrl, { action: 'bizum-phone', phone: '+34 612 345 678' });
    expect(confirmStep.status).toBe(200);
    const confirmText = await confirmStep.text();
    expect(confirmText).toContain('Confirma el pago en la app de tu banco');
    expect(confirmText).toContain('612 345 678');
    expect(confirmText).toContain('500,00');

    const declined = await post(bizumUrl, { action: 'bizum-confirm', phone: '600 000 002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Tu banco ha rechazado el pago con Bizum.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const paid = await post(bizumUrl, { action: 'bizum-confirm', phone: '612345678' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:5000/success?session_id=${session.id}`,
    );
    await double.settle();
    const event = received.find(
      (entry) =>
        entry.event.type === 'checkout.session.completed' &&
        (entry.event.data.object as Stripe.Checkout.Session).id === session.id,
    );
    expect(event!.event.data.object).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(received.some((entry) => entry.event.type.includes('async_payment'))).toBe(false);
  });

  it('shows the Bizum page in English and Romanian too', async () => {
    for (const [locale, words] of [
      ['en', ['Bizum mobile number', 'Card</a>']],
      ['ro', ['Numărul de mobil Bizum', 'Card</a>']],
    ] as const) {
      const session = await newSession({ locale, allowed_payment_method_types: ['card', 'bizum'] });
      const page = await (await fetch(`${session.url!}?method=bizum`)).text();
      expect(page).toContain(`<html lang="${locale}">`);
      for (const word of words) expect(page).toContain(word);
      const step = await (
        await post(`${session.url!}?method=bizum`, { action: 'bizum-phone', phone: '712345678' })
      ).text();
      expect(step).toContain(
        locale === 'en' ? 'Confirm the payment in your bank&#39;s app' : 'Confirmați plata',
      );
    }
  });
});
