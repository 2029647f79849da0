/**
 * The payment methods setting in memory: staff alone read and change it, SEPA debit is refused
 * before anything is stored, and each change is on the record (the same on the stack:
 * tests/api/payment-methods.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { availableCell, parsePlotCode, readDonorRecord } from '@parroquia/domain';
import { createApiHandler } from '../src/api/app';
import { startServer, type RunningServer } from './support/http-server';
import { testDependencies, type TestDependencies } from './support/in-memory';
import { InMemoryPayments, RecordingCheckoutGateway } from './support/in-memory-payments';

vi.mock('firebase-functions/logger', () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }));

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(deps: TestDependencies) {
  server = await startServer(createApiHandler(deps));
  return `${server.url}/api/staff/payment-methods/`;
}

const send = (url: string, token: string | null, body?: unknown, language = 'es') =>
  fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Accept-Language': language,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('the payment methods setting', () => {
  it('is card alone until staff turn Bizum on, and the change is on the record', async () => {
    const deps = testDependencies();
    const url = await serve(deps);
    expect(await (await send(url, 'token-staff')).json()).toEqual({
      methods: ['card'],
      available: ['card', 'bizum'],
    });
    const changed = await send(url, 'token-staff', { methods: ['bizum', 'card'] });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({
      methods: ['card', 'bizum'],
      available: ['card', 'bizum'],
    });
    expect(await (await send(url, 'token-staff')).json()).toMatchObject({
      methods: ['card', 'bizum'],
    });
    expect(deps.paymentSettings.actions).toEqual([
      expect.objectContaining({
        action: 'change-payment-methods',
        staff: 'staff-demo',
        details: { query: { before: 'card', after: 'card,bizum' } },
      }),
    ]);
  });

  it('answers 401 without a token and 403 to a donor, in their language, changing nothing', async () => {
    const deps = testDependencies();
    const url = await serve(deps);
    expect((await send(url, null, { methods: ['card', 'bizum'] })).status).toBe(401);
    for (const body of [undefined, { methods: ['card', 'bizum'] }]) {
      const refused = await send(url, 'token-ana', body, 'en');
      expect(refused.status).toBe(403);
      const { error } = (await refused.json()) as { error: string };
      expect(error).toBe('Only parish staff can do this.');
    }
    expect(deps.paymentSettings.stored).toBeUndefined();
    expect(deps.paymentSettings.actions).toEqual([]);
  });

  it('refuses SEPA debit, a list without card and a bad body with 400 naming `methods`', async () => {
    const deps = testDependencies();
    const url = await serve(deps);
    for (const [methods, words] of [
      [['card', 'sepa_debit'], /adeudo SEPA no se puede activar/],
      [['bizum'], /tarjeta no se puede desactivar/],
      [['card', 'paypal'], /desconocido: paypal/],
      ['card', /lista de nombres/],
    ] as const) {
      const refused = await send(url, 'token-staff', { methods });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { error: string; field: string };
      expect(body.field).toBe('methods');
      expect(body.error).toMatch(words);
    }
    const english = await send(url, 'token-staff', { methods: ['card', 'sepa_debit'] }, 'en');
    expect(((await english.json()) as { error: string }).error).toMatch(/SEPA debit cannot/);
    expect((await send(url, 'token-staff', {})).status).toBe(400);
    expect(deps.paymentSettings.stored).toBeUndefined();
    expect(deps.paymentSettings.actions).toEqual([]);
  });
});

describe('the checkout offers what the setting says', () => {
  it('sends card alone by default, and card with Bizum once staff turn it on', async () => {
    const deps = testDependencies();
    const payments = new InMemoryPayments(undefined, deps.now);
    const gateway = new RecordingCheckoutGateway();
    for (const code of ['A1', 'A2']) {
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
    payments.store.accounts.set('donor-ana', readDonorRecord('donor-ana', ana, ana.email));
    deps.payments = { store: payments, checkout: gateway, siteUrl: () => 'http://localhost:5000' };
    const url = await serve(deps);
    const buy = (plot: string) =>
      fetch(`${server!.url}/api/payments/stripe-multiple/`, {
        method: 'POST',
        headers: { authorization: 'Bearer token-ana', 'content-type': 'application/json' },
        body: JSON.stringify({ celdas: [parsePlotCode(plot)] }),
      });
    expect((await buy('A1')).status).toBe(200);
    expect(gateway.sessions.at(-1)?.paymentMethods).toEqual(['card']);
    expect((await send(url, 'token-staff', { methods: ['card', 'bizum'] })).status).toBe(200);
    expect((await buy('A2')).status).toBe(200);
    expect(gateway.sessions.at(-1)?.paymentMethods).toEqual(['card', 'bizum']);
  });
});
