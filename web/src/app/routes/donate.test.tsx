// @vitest-environment jsdom
/**
 * The map's "Ask someone else to pay" as the route composes it (the map's selection bar, the
 * payment link of features/pay-link): offered to a donor who picked free plots, never to a
 * visitor; it asks the API for a `buy` link of exactly the plots picked and shows it in a dialog,
 * or the API's refusal in the donor's language.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api-client';
import { ApiClientProvider } from '@/lib/api-client-context';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { StaticSessionProvider, type Session } from '@/lib/session';
import { sendJson, startLocalServer, type LocalServer } from '@/testing/local-server';
import { anaSignedIn, fixedSession } from '@/testing/sessions';
import DonateRoute from './donate';

const EXPIRES = Date.UTC(2026, 11, 6, 10);
const snapshot = {
  read_time: Date.UTC(2026, 10, 29),
  cells: [
    { id: 'K3', x: 'K', y: 3, status: 'available' },
    { id: 'K4', x: 'K', y: 4, status: 'available' },
    { id: 'K5', x: 'K', y: 5, status: 'available' },
    { id: 'L3', x: 'L', y: 3, status: 'bought', user: 'other', donor_display: 'Ion' },
    {
      id: 'K6',
      x: 'K',
      y: 6,
      status: 'reserved',
      user: 'donor-ana',
      donor_display: 'Ana García',
      reserved_until: Date.now() + 10 * 24 * 60 * 60 * 1000,
    },
  ],
};

let server: LocalServer;
let asked: Array<{ url: string; body: string; authorization: string | undefined }> = [];
let linkAnswer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = request.url ?? '';
      asked.push({ url, body, authorization: request.headers.authorization });
      if (url.startsWith('/api/cells/snapshot/')) sendJson(response, 200, snapshot);
      else if (url === '/api/payment-links/') {
        sendJson(response, linkAnswer.status, linkAnswer.body);
      } else sendJson(response, 404, { error: 'no' });
    });
  });
  // jsdom has no modal dialogs: what the browser's own showModal() and close() do to the element.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  asked = [];
});

const donor = anaSignedIn();

function renderMap(session: Session) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={createApiClient({ baseUrl: server.url })}>
        <StaticSessionProvider value={fixedSession(session)}>
          <MemoryRouter initialEntries={['/donativos']}>
            <DonateRoute />
          </MemoryRouter>
        </StaticSessionProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}

const plot = (code: string) => document.querySelector<SVGGElement>(`[data-code="${code}"]`)!;

/** The map once drawn, with `codes` picked. */
async function pick(...codes: string[]) {
  await waitFor(() => expect(plot('K3')).toBeTruthy(), { timeout: 15_000 });
  for (const code of codes) fireEvent.click(plot(code));
  await screen.findByRole('region', { name: i18n.t('map.actionsLabel') });
}

describe('the map: ask someone else to pay for the plots picked', () => {
  it('a donor who picked free plots asks for a buy link of exactly those, and gets it in a dialog', async () => {
    linkAnswer = {
      status: 200,
      body: {
        token: 'T'.repeat(43),
        kind: 'buy',
        plots: ['K3', 'K5'],
        amount_cents: 50_000,
        expires_at: EXPIRES,
      },
    };
    renderMap(donor);
    await pick('K5', 'K3');
    const ask = await screen.findByRole('button', { name: 'Pedir a otra persona que pague' });
    fireEvent.click(ask);

    const dialog = await screen.findByRole('dialog', { name: 'Pedir a otra persona que pague' });
    const address = await within(dialog).findByTestId('pay-link-url');
    expect((address as HTMLInputElement).value).toBe(
      `${window.location.origin}/pagar/${'T'.repeat(43)}`,
    );
    expect(within(dialog).getByTestId('pay-link-made').textContent).toMatch(
      /Enlace creado: 500,00\s€, válido hasta el 6 de diciembre de 2026/,
    );
    expect(within(dialog).getByTestId('pay-link-plots').textContent).toBe('Parcelas (2): K3, K5');
    expect(dialog.textContent).toContain('Crear el enlace no te guarda las parcelas');
    const made = asked.filter((request) => request.url === '/api/payment-links/');
    expect(made).toHaveLength(1);
    expect(JSON.parse(made[0]!.body)).toEqual({
      celdas: [
        { x: 'K', y: 3 },
        { x: 'K', y: 5 },
      ],
      tipo: 'buy',
    });
    expect(made[0]!.authorization).toBe('Bearer token-ana');

    // Closed: the plots picked are let go (whoever has the link pays for them now).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Parcelas seleccionadas' })).toBeNull();
    expect(plot('K3').getAttribute('aria-pressed')).toBe('false');
  }, 30_000);

  it("says the API's refusal in the dialog, in the donor's language, and keeps the plots picked", async () => {
    await i18n.changeLanguage('ro');
    linkAnswer = {
      status: 409,
      body: { error: 'Aveți deja 3 linkuri de plată deschise.' },
    };
    renderMap(donor);
    await pick('K4');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Rugați pe altcineva să plătească' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Aveți deja 3 linkuri de plată deschise.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Închideți' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(plot('K4').getAttribute('aria-pressed')).toBe('true');
  }, 30_000);

  it('is not offered to a visitor, who is asked to sign in first', async () => {
    renderMap({ status: 'signed-out' });
    await pick('K3');
    expect(screen.getByTestId('sign-in-first')).toBeTruthy();
    expect(screen.getByTestId('buy')).toBeTruthy();
    expect(screen.queryByTestId('ask-someone-to-pay')).toBeNull();
    expect(asked.some((request) => request.url === '/api/payment-links/')).toBe(false);
  }, 30_000);

  it('is not offered for the own reservations alone (My account asks for their rest)', async () => {
    renderMap(donor);
    await pick('K6');
    expect(screen.getByTestId('complete')).toBeTruthy();
    expect(screen.queryByTestId('ask-someone-to-pay')).toBeNull();
  }, 30_000);
});
