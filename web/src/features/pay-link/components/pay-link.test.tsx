// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api-client';
import { ApiClientProvider } from '@/lib/api-client-context';
import { createQueryClient } from '@/lib/query-client';
import { sendJson, startLocalServer, type LocalServer } from '@/testing/local-server';
import { PayLink } from './pay-link';

const TOKEN = 'T'.repeat(43);
const OPEN = {
  state: 'open',
  kind: 'complete',
  plots: ['K3', 'K4'],
  payable: ['K3', 'K4'],
  taken: [],
  amount_cents: 40_000,
  donor_display: 'ANA7K3QZ',
  expires_at: Date.UTC(2026, 11, 6, 10),
};

let server: LocalServer;
let asked: Array<{ url: string; body: string }> = [];
let answers: Record<string, { status: number; body: unknown }> = {};

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      asked.push({ url: request.url ?? '', body });
      const path = (request.url ?? '').split('?')[0]!;
      const answer = answers[path] ?? { status: 404, body: { error: 'no' } };
      sendJson(response, answer.status, answer.body);
    });
  });
});
afterAll(async () => {
  await server.close();
});

function renderPage(returnedPaid = false) {
  asked = [];
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={createApiClient({ baseUrl: server.url })}>
        <PayLink
          token={TOKEN}
          returnedPaid={returnedPaid}
          plan={(marked) => <p data-testid="plan">{[...marked].join(',')}</p>}
        />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}

describe('PayLink', () => {
  it('shows whom the plots are for, marks them on the plan, and the amount to pay', async () => {
    answers = { '/api/payment-links/view/': { status: 200, body: OPEN } };
    renderPage();
    expect((await screen.findByTestId('pay-link-donor')).textContent).toBe('ANA7K3QZ');
    expect(screen.getByTestId('plan').textContent).toBe('K3,K4');
    expect(screen.getByTestId('pay-link-amount').textContent).toMatch(/400,00\s€/);
    expect(screen.getByTestId('pay-link-pay').textContent).toMatch(/Pagar 400,00\s€/);
    expect(screen.queryByTestId('pay-link-taken')).toBeNull();
    expect(asked[0]!.url).toBe(`/api/payment-links/view/?token=${TOKEN}`);
  });

  it('names a plot taken meanwhile, marks and offers only the rest', async () => {
    answers = {
      '/api/payment-links/view/': {
        status: 200,
        body: { ...OPEN, payable: ['K3'], taken: ['K4'], amount_cents: 20_000 },
      },
      '/api/payment-links/pay/': { status: 409, body: { error: 'Alguna parcela cambió.' } },
    };
    renderPage();
    expect((await screen.findByTestId('pay-link-taken')).textContent).toContain('K4');
    expect(screen.getByTestId('plan').textContent).toBe('K3');
    fireEvent.click(screen.getByTestId('pay-link-pay'));
    expect((await screen.findByText('Alguna parcela cambió.')).getAttribute('role')).toBe('alert');
    const paid = asked.find((request) => request.url === '/api/payment-links/pay/');
    expect(JSON.parse(paid!.body)).toMatchObject({ token: TOKEN, celdas: ['K3'] });
  });

  it('says a paid link is paid, with no button to pay it again', async () => {
    answers = {
      '/api/payment-links/view/': {
        status: 200,
        body: { ...OPEN, state: 'paid', payable: [], taken: [], amount_cents: 0 },
      },
    };
    renderPage();
    expect((await screen.findByTestId('pay-link-paid')).textContent).toContain('ANA7K3QZ');
    expect(screen.queryByTestId('pay-link-pay')).toBeNull();
  });

  it('says an expired link has expired', async () => {
    answers = {
      '/api/payment-links/view/': {
        status: 200,
        body: { ...OPEN, state: 'expired', payable: [], taken: [], amount_cents: 0 },
      },
    };
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toMatch(/caducado/);
    expect(screen.queryByTestId('pay-link-pay')).toBeNull();
  });

  it('says an unknown link does not exist', async () => {
    answers = {
      '/api/payment-links/view/': { status: 404, body: { error: 'Ese enlace de pago no existe.' } },
    };
    renderPage();
    expect((await screen.findByTestId('pay-link-unknown')).textContent).toMatch(/no existe/);
  });
});
