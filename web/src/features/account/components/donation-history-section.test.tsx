// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { DonationHistoryJson } from '@parroquia/domain';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api-client';
import { ApiClientProvider } from '@/lib/api-client-context';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { StaticSessionProvider, type Session } from '@/lib/session';
import { sendJson, startLocalServer, type LocalServer } from '@/testing/local-server';
import { fixedSession } from '@/testing/sessions';
import { DonationHistorySection } from './donation-history-section';

const HISTORY: DonationHistoryJson = {
  donations: [
    {
      id: 'refund-cs_1-10000',
      created_at: '2026-03-16T10:00:00.000Z',
      method: 'card',
      kind: 'refund',
      amount_cents: -10_000,
      plots: ['K3', 'K4'],
      refund_of: 'cs_1',
      undone_cents: 0,
      state: 'refund',
    },
    {
      id: 'cs_1',
      created_at: '2026-03-14T10:00:00.000Z',
      method: 'card',
      kind: 'buy',
      amount_cents: 50_000,
      plots: ['K3', 'K4'],
      refund_of: null,
      undone_cents: 10_000,
      state: 'refunded-in-part',
    },
  ],
  balances_due: [{ plot: 'C5', balance_cents: 20_000, reserved_until: '2026-04-20T10:00:00.000Z' }],
  balance_due_cents: 20_000,
  statement_years: [2026],
};

let server: LocalServer;
let asked: string[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: HISTORY };
/** Answers given before `answer`, one per request. */
let firstAnswers: Array<{ status: number; body: unknown }> = [];

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    asked.push(`${request.url} ${request.headers.authorization}`);
    const next = firstAnswers.shift() ?? answer;
    sendJson(response, next.status, next.body);
  });
});
afterAll(async () => {
  await server.close();
});

const session = { status: 'signed-out' } as Session;

function renderSection() {
  asked = [];
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={createApiClient({ baseUrl: server.url })}>
        <StaticSessionProvider value={fixedSession(session)}>
          {/* Its way to the map is a link. */}
          <MemoryRouter>
            <DonationHistorySection />
          </MemoryRouter>
        </StaticSessionProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}

describe('DonationHistorySection', () => {
  it('says what is left to pay by when, each row with its state, and offers receipts of gifts only', async () => {
    answer = { status: 200, body: HISTORY };
    renderSection();
    const due = await screen.findByTestId('balances-due');
    expect(due.textContent).toMatch(/Te quedan 200,00\s€ por pagar/);
    expect(due.textContent).toMatch(/Parcela C5: 200,00\s€ hasta el 20 de abril de 2026/);
    const [refund, gift] = within(screen.getByTestId('donation-lines')).getAllByRole('listitem');
    expect(refund!.textContent).toMatch(/-100,00\s€/);
    expect(refund!.textContent).toContain('Devolución del donativo del 14 de marzo de 2026');
    expect(within(refund!).queryByRole('button')).toBeNull();
    expect(gift!.textContent).toMatch(/Devuelto en parte: 100,00\s€/);
    expect(gift!.textContent).toContain('Parcelas: K3, K4');
    expect(
      within(gift!).getByRole('button', {
        name: 'Recibo del donativo del 14 de marzo de 2026 (PDF)',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resumen de 2026 (PDF)' })).toBeTruthy();
    expect(asked).toEqual(['/api/users/donations/ Bearer token-ana']);
  });

  it("says the API's own error in the page, without asking again", async () => {
    answer = { status: 403, body: { error: 'Acepta la política de privacidad para continuar.' } };
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Acepta la política de privacidad para continuar.',
    );
    expect(asked).toHaveLength(1);
  });

  it('asks once more after a server failure, and shows the history it then gets', async () => {
    firstAnswers = [{ status: 503, body: { error: '' } }];
    answer = { status: 200, body: HISTORY };
    renderSection();
    expect(await screen.findByTestId('balances-due')).toBeTruthy();
    expect(asked).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the server failed when it fails twice', async () => {
    firstAnswers = [{ status: 500, body: {} }];
    answer = { status: 502, body: {} };
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toBe(
      i18n.t('error.server', { status: 502 }),
    );
    expect(asked).toHaveLength(2);
  });
});
