/**
 * The checkout, webhook and refund routes on the in-memory payment ports: the money core's own
 * decisions and store, no emulator (the same routes on the stack: tests/api/payments.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { availableCell, orderMetadata, parsePlotCode, readDonorRecord } from '@parroquia/domain';
import { createApiHandler } from '../src/api/app';
import { startServer, type RunningServer } from './support/http-server';
import { NOW, testDependencies } from './support/in-memory';
import { InMemoryPayments, RecordingCheckoutGateway } from './support/in-memory-payments';

vi.mock('firebase-functions/logger', () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }));

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PLOTS = ['A1', 'A2', 'B1'];

async function parish() {
  const deps = testDependencies();
  const payments = new InMemoryPayments(undefined, deps.now);
  const gateway = new RecordingCheckoutGateway();
  for (const code of PLOTS) {
    payments.store.cells.set(code, { ...availableCell(parsePlotCode(code)), id: code });
  }
  const ana = {
    name: 'Ana García',
    email: 'ana@parroquia.test',
    personal_code: 'ANA7K3QZ',
    is_anonymous_donor: false,
    accepted_privacy_policy: true,
    is_staff: false,
    sub: 'donor-ana',
    created_at: '2026-11-01T10:00:00.000Z',
  };
  deps.users.profiles.set('donor-ana', ana);
  payments.store.accounts.set(
    'donor-ana',
    // Ana's address is verified: her receipt is mailed.
    readDonorRecord('donor-ana', { ...ana, language: 'ro' }, ana.email),
  );
  deps.payments = { store: payments, checkout: gateway, siteUrl: () => 'http://localhost:5000' };
  server = await startServer(createApiHandler(deps, { maxBodyBytes: 64 * 1024 }));
  const url = server.url;
  let events = 0;

  async function checkout(
    kind: 'stripe-multiple' | 'stripe-reservation-multiple',
    plots: string[],
  ) {
    const response = await fetch(`${url}/api/payments/${kind}/`, {
      method: 'POST',
      headers: { authorization: 'Bearer token-ana', 'content-type': 'application/json' },
      body: JSON.stringify({ celdas: plots.map(parsePlotCode) }),
    });
    expect(response.status).toBe(200);
    const { sessionId } = (await response.json()) as { sessionId: string };
    const request = gateway.sessions.at(-1)!;
    return { sessionId, order: request.order };
  }

  async function deliver(type: string, object: Record<string, unknown>, id = `evt_${++events}`) {
    const { body, signature } = gateway.signed({ id, type, created: NOW / 1000, data: { object } });
    const response = await fetch(`${url}/api/payments/webhook/`, {
      method: 'POST',
      headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
      body,
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      id,
    };
  }

  const paid = (sessionId: string, order: Parameters<typeof orderMetadata>[0], amount: number) => ({
    id: sessionId,
    object: 'checkout.session',
    payment_status: 'paid',
    amount_total: amount,
    currency: 'eur',
    payment_intent: `pi_${sessionId}`,
    metadata: orderMetadata(order),
  });

  return { payments, gateway, checkout, deliver, paid, url };
}

describe("the checkout's language, in memory", () => {
  async function open(body: Record<string, unknown>, acceptLanguage = 'en-GB,en;q=0.9') {
    await server?.close(); // one parish a call: the last one's server is closed here
    const { gateway, url, payments } = await parish();
    const response = await fetch(`${url}/api/payments/stripe-reservation-multiple/`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer token-ana',
        'content-type': 'application/json',
        'accept-language': acceptLanguage,
      },
      body: JSON.stringify({ celdas: [parsePlotCode('A1')], ...body }),
    });
    return { response, request: gateway.sessions.at(-1), payments };
  }

  it("opens Stripe's page in the language the app sends (idioma), its lines too", async () => {
    const { response, request } = await open({ idioma: 'ro' });
    expect(response.status).toBe(200);
    expect(request?.language).toBe('ro');
    expect(request?.lines.map((line) => line.name)).toEqual(['Avans pentru parcela A1']);
  });

  it('reads a regional tag by its language, and takes Spanish for one the site is not in', async () => {
    expect((await open({ idioma: 'ro-RO' })).request?.language).toBe('ro');
    for (const idioma of ['fr', 42, '', { lang: 'ro' }]) {
      const { response, request } = await open({ idioma });
      expect(response.status, JSON.stringify(idioma)).toBe(200);
      expect(request?.language, JSON.stringify(idioma)).toBe('es');
      expect(request?.lines[0]?.name).toBe('Reserva de la parcela A1');
    }
  });

  it('without idioma, follows Accept-Language as before (an app from before the field)', async () => {
    expect((await open({})).request?.language).toBe('en');
    expect((await open({}, 'de')).request?.language).toBe('es');
  });

  it('a bad selection is refused in the caller’s language whatever idioma says, and holds nothing', async () => {
    const { response, request, payments } = await open({ celdas: [], idioma: 'ro' }, 'ro');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain(
      'Selectați cel puțin o parcelă.',
    );
    expect(request).toBeUndefined();
    expect(payments.store.cells.get('A1')?.status).toBe('available');
  });
});

describe('the webhook on the money core, in memory', () => {
  it('a paid checkout buys its plots, writes one ledger row and queues the receipt with it; the same event again changes nothing', async () => {
    const { payments, checkout, deliver, paid } = await parish();
    const { sessionId, order } = await checkout('stripe-multiple', ['A1', 'A2']);
    expect(payments.store.cells.get('A1')?.status).toBe('held');

    const first = await deliver('checkout.session.completed', paid(sessionId, order, 50_000));
    expect(first.body).toEqual({ received: true, outcome: 'applied' });
    expect(payments.store.cells.get('A1')).toMatchObject({
      status: 'bought',
      user: 'donor-ana',
      donor_display: 'Ana García',
    });
    expect(
      payments.store.rows().map((row) => [row.id, row.method, row.kind, row.amount_cents]),
    ).toEqual([[sessionId, 'card', 'buy', 50_000]]);
    const receipt = payments.store.mails.get(`receipt-${sessionId}`);
    expect(receipt?.to).toBe('ana@parroquia.test');
    expect(receipt?.message.subject).toContain('Chitanța'); // her language

    const before = JSON.stringify([
      ...payments.store.cells,
      ...payments.store.ledger,
      ...payments.store.mails,
    ]);
    const again = await deliver(
      'checkout.session.completed',
      paid(sessionId, order, 50_000),
      first.id,
    );
    expect(again.body.outcome).toBe('duplicate');
    const other = await deliver(
      'checkout.session.async_payment_succeeded',
      paid(sessionId, order, 50_000),
    );
    expect(other.body.outcome).toBe('ignored');
    expect(
      JSON.stringify([...payments.store.cells, ...payments.store.ledger, ...payments.store.mails]),
    ).toBe(before);
  });

  it('a payment for plots someone else took is recorded, refunded through the gateway, and buys nothing', async () => {
    const { payments, gateway, checkout, deliver, paid } = await parish();
    const { sessionId, order } = await checkout('stripe-multiple', ['B1']);
    // The hold lapsed and another donor's payment took the plot meanwhile.
    payments.store.cells.set('B1', {
      ...payments.store.cells.get('B1')!,
      status: 'bought',
      user: 'donor-other',
      hold: null,
    });

    const settled = await deliver('checkout.session.completed', paid(sessionId, order, 25_000));
    expect(settled.body.outcome).toBe('refund-due');
    expect(gateway.refunds).toEqual([{ paymentIntent: `pi_${sessionId}`, sessionId }]);
    expect(payments.store.payments.get(sessionId)).toMatchObject({
      status: 'refunded',
      refund_reason: 'plots-taken',
      lost_plots: ['B1'],
      refund_due: false,
      refund_id: 're_1',
    });
    expect(payments.store.cells.get('B1')?.user).toBe('donor-other');
    expect(payments.store.rows()[0]).toMatchObject({ amount_cents: 25_000, cells: [] });
    expect(payments.store.mails.size).toBe(0);
  });

  it('a partial refund leaves the plot bought; the rest refunded frees it, one ledger row per amount', async () => {
    const { payments, checkout, deliver, paid } = await parish();
    const { sessionId, order } = await checkout('stripe-multiple', ['A1']);
    await deliver('checkout.session.completed', paid(sessionId, order, 25_000));
    const charge = (refunded: number) => ({
      id: `ch_${sessionId}`,
      object: 'charge',
      payment_intent: `pi_${sessionId}`,
      amount_refunded: refunded,
      refunded: refunded === 25_000,
    });

    const partial = await deliver('charge.refunded', charge(5_000));
    expect(partial.body.outcome).toBe('applied');
    expect(payments.store.cells.get('A1')?.status).toBe('bought');
    await deliver('charge.refunded', charge(5_000)); // Stripe's retry with another id: nothing new
    const full = await deliver('charge.refunded', charge(25_000));
    expect(full.body.outcome).toBe('applied');
    expect(payments.store.cells.get('A1')).toMatchObject({ status: 'available', user: null });
    expect(payments.store.rows().map((row) => [row.kind, row.amount_cents])).toEqual([
      ['buy', 25_000],
      ['refund', -5_000],
      ['refund', -20_000],
    ]);
    expect(payments.store.payments.get(sessionId)).toMatchObject({
      status: 'refunded',
      refunded_cents: 25_000,
    });
  });

  it('refuses an event whose signature does not match, and changes nothing', async () => {
    const { payments, url } = await parish();
    const response = await fetch(`${url}/api/payments/webhook/`, {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=deadbeef', 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed' }),
    });
    expect(response.status).toBe(400);
    expect(payments.store.events.size).toBe(0);
  });

  it('an expired checkout gives its held plots back and says so on the payment', async () => {
    const { payments, checkout, deliver } = await parish();
    const { sessionId, order } = await checkout('stripe-reservation-multiple', ['A2']);
    const expired = await deliver('checkout.session.expired', {
      id: sessionId,
      object: 'checkout.session',
      metadata: orderMetadata(order),
    });
    expect(expired.body.outcome).toBe('applied');
    expect(payments.store.cells.get('A2')?.status).toBe('available');
    expect(payments.store.payments.get(sessionId)?.status).toBe('expired');
  });
});
