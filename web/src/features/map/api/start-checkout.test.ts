import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api-client';
import { sendJson, startLocalServer, type LocalServer } from '@/testing/local-server';
import { startCheckout } from './start-checkout';

const seen: Array<{ url: string | undefined; body: unknown }> = [];
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer(async (request, response) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    seen.push({ url: request.url, body: JSON.parse(text) });
    sendJson(response, 200, { sessionId: 'cs_test_1', url: 'https://checkout.test/cs_test_1' });
  });
});
afterAll(() => server.close());

describe('startCheckout', () => {
  it('sends the plots in code order and the interface language as idioma', async () => {
    const client = createApiClient({ baseUrl: server.url });
    const session = await startCheckout(client, 'reserve', ['K4', 'A10', 'K3'], 'ro', 'token');
    expect(session.url).toBe('https://checkout.test/cs_test_1');
    expect(seen.at(-1)).toEqual({
      url: '/api/payments/stripe-reservation-multiple/',
      body: {
        celdas: [
          { x: 'A', y: 10 },
          { x: 'K', y: 3 },
          { x: 'K', y: 4 },
        ],
        idioma: 'ro',
      },
    });
  });
});
