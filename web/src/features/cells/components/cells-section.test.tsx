import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api-client';
import { ApiClientProvider } from '@/lib/api-client-context';
import { i18n } from '@/lib/i18n';
import { sendJson, startLocalServer, type LocalServer } from '@/testing/local-server';
import type { Cell } from '../api/get-cells';
import { CellsSection } from './cells-section';

const CELLS: Cell[] = [
  { id: 'A1', x: 'A', y: 1, status: 'available', user: null, donor_display: null },
  { id: 'B1', x: 'B', y: 1, status: 'bought', user: 'donor-ana', donor_display: 'Ana García' },
  { id: 'C1', x: 'C', y: 1, status: 'reserved', user: 'donor-ion', donor_display: 'X7K2M9QP' },
  { id: 'D1', x: 'D', y: 1, status: 'held', user: 'donor-eva', donor_display: null },
  { id: 'A2', x: 'A', y: 2, status: 'available', user: null, donor_display: null },
];

/** What the server answers next; a test switches it to exercise loading, errors and retries. */
let answer: { status: number; body: unknown; delayMs?: number };
let requests = 0;
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer(
    (request, response) => {
      if (request.url !== '/api/cells/') return sendJson(response, 404, { error: 'no route' });
      requests += 1;
      const { status, body, delayMs = 0 } = answer;
      setTimeout(() => sendJson(response, status, body), delayMs);
    },
    { firstPort: 18530 },
  );
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  answer = { status: 200, body: CELLS };
  requests = 0;
});

function renderSection() {
  return render(
    <ApiClientProvider client={createApiClient({ baseUrl: server.url })}>
      <CellsSection />
    </ApiClientProvider>,
  );
}

describe('CellsSection', () => {
  it('shows a loading text, then the counts and every plot with its status', async () => {
    answer = { status: 200, body: CELLS, delayMs: 150 };
    renderSection();
    expect(screen.getByRole('heading', { name: 'Parcelas' })).toBeTruthy();
    expect(screen.getByText('Cargando parcelas…')).toBeTruthy();

    const list = await screen.findByTestId('cell-list');
    expect(screen.queryByText('Cargando parcelas…')).toBeNull();
    expect(screen.getByText('Parcelas en total: 5')).toBeTruthy();

    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.testid)).toEqual([
      'cell-A1',
      'cell-B1',
      'cell-C1',
      'cell-D1',
      'cell-A2',
    ]);
    const bought = screen.getByTestId('cell-B1');
    expect(bought.dataset.status).toBe('bought');
    expect(bought.textContent).toContain('Ana García');
    expect(screen.getByTestId('cell-A1').textContent).toBe('A1Disponible');
    expect(screen.getByTestId('cell-D1').textContent).toBe('D1En proceso de pago');

    const counts = document.querySelectorAll<HTMLElement>('[data-count]');
    const byStatus = Object.fromEntries(
      [...counts].map((count) => [count.dataset.status, count.textContent]),
    );
    expect(byStatus).toEqual({
      available: 'Disponibles2',
      held: 'En proceso de pago1',
      reserved: 'Reservadas1',
      bought: 'Compradas1',
    });
  });

  it('shows a translated error when the call fails, and loads again on retry', async () => {
    answer = { status: 500, body: { error: 'Firestore no responde' } };
    renderSection();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se han podido cargar las parcelas.');
    expect(screen.queryByTestId('cell-list')).toBeNull();

    answer = { status: 200, body: CELLS };
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('cell-list')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests).toBe(2);
  });

  it('treats an answer that is not a list of plots as an error', async () => {
    answer = { status: 200, body: [{ id: 'A1', status: 'sold' }] };
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toContain('No se han podido cargar');
  });

  it('speaks the chosen language', async () => {
    await i18n.changeLanguage('en');
    renderSection();
    await screen.findByTestId('cell-list');
    expect(screen.getByRole('heading', { name: 'Plots' })).toBeTruthy();
    expect(screen.getByTestId('cell-A1').textContent).toBe('A1Available');
  });
});
