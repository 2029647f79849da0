import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api-client';
import { ApiClientProvider } from '@/lib/api-client-context';
import { sendJson, startLocalServer, type LocalServer } from '@/testing/local-server';
import { routes } from './router';

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer(
    (_request, response) =>
      sendJson(response, 200, [
        { id: 'K3', x: 'K', y: 3, status: 'reserved', user: 'u1', donor_display: 'Ion' },
      ]),
    { firstPort: 18540 },
  );
});

afterAll(async () => {
  await server.close();
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: server.url })}>
      <RouterProvider router={router} />
    </ApiClientProvider>,
  );
  return router;
}

describe('routes', () => {
  it('home: title, intro and the plots from the API, inside header and footer', async () => {
    renderAt('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /iglesia en Asturias/ }),
    ).toBeTruthy();
    expect((await screen.findByTestId('cell-K3')).dataset.status).toBe('reserved');

    expect(
      screen.getByRole('link', { name: 'Parroquia Ortodoxa de Asturias' }).getAttribute('href'),
    ).toBe('/');
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} ${window.location.host}`),
    ).toBeTruthy();
    const links = within(footer)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Política de privacidad', '/politica-privacidad'],
      ['Política de cookies', '/politica-cookies'],
      ['Aviso legal', '/aviso-legal'],
    ]);
  });

  it.each([
    ['/politica-privacidad', 'Política de privacidad'],
    ['/politica-cookies', 'Política de cookies'],
    ['/aviso-legal', 'Aviso legal'],
  ])('%s shows its placeholder page', async (path, title) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('any other path shows the not-found page with a way home', async () => {
    renderAt('/no-existe/de-verdad');
    expect(
      await screen.findByText(
        'Página no encontrada. Puede que el enlace esté roto o que ya no exista.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
  });

  it('the language picker switches the interface language', async () => {
    renderAt('/no-existe');
    await screen.findByRole('link', { name: 'Volver al inicio' });
    const picker = screen.getByRole('group', { name: 'Idioma' });
    fireEvent.click(within(picker).getByRole('button', { name: 'English' }));
    expect(
      await screen.findByText('Page not found. The link may be broken or no longer exists.'),
    ).toBeTruthy();
    expect(
      within(picker).getByRole('button', { name: 'English' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
  });
});
