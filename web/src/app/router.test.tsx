// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { createApiClient } from '@/lib/api-client';
import { ApiClientProvider } from '@/lib/api-client-context';
import { createQueryClient } from '@/lib/query-client';
import { StaticSessionProvider, type Session } from '@/lib/session';
import { sendJson, startLocalServer, type LocalServer } from '@/testing/local-server';
import { anaSignedIn } from '@/testing/sessions';
import { AppRouter, AppRoutes } from './router';

const signedOut: Session = { status: 'signed-out' };
const donor = anaSignedIn;

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer((request, response) =>
    // No certificate has any code here (/verificar's page then names the code it was given).
    request.url?.startsWith('/api/certificates/verify')
      ? sendJson(response, 404, { error: 'not found' })
      : sendJson(response, 200, [
          { id: 'K3', x: 'K', y: 3, status: 'reserved', user: 'u1', donor_display: 'Ion' },
        ]),
  );
});

afterAll(async () => {
  await server.close();
});

/** Where the router is: its path, query and the state the navigation carried. */
function Where() {
  const { pathname, search, state } = useLocation();
  return <output data-testid="where">{JSON.stringify({ pathname, search, state })}</output>;
}

const where = () => JSON.parse(screen.getByTestId('where').textContent ?? '{}') as unknown;

/** The app at `path` (none: at the browser's current history entry, as after a reload). */
function renderAt(path: string | null, session: Session = signedOut) {
  // The router reads the browser's URL (jsdom's).
  if (path !== null) window.history.replaceState(null, '', path);
  const api = {
    session,
    getToken: async () => 'token',
    reloadUser: async () => null,
    signOut: async () => {},
  };
  // The app's providers around the routes: its query cache (a fresh one per test).
  render(
    <AppRouter>
      <QueryClientProvider client={createQueryClient()}>
        <ApiClientProvider client={createApiClient({ baseUrl: server.url })}>
          <StaticSessionProvider value={api}>
            <AppRoutes />
            <Where />
          </StaticSessionProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    </AppRouter>,
  );
}

describe('routes', () => {
  it('home: title, intro and the way to donate, inside header and footer', async () => {
    renderAt('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /iglesia en Asturias/ }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cómo donar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();

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
  ])('%s shows its document', async (path, title) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(3);
  });

  it('the privacy policy names its revision date and the providers used', async () => {
    renderAt('/politica-privacidad');
    expect(await screen.findByText('Última revisión: 27 de noviembre de 2026')).toBeTruthy();
    expect(document.body.textContent).toContain('Stripe');
    expect(document.body.textContent).toContain('Google Firebase');
  });

  it.each(['/success', '/cancel', '/post-login', '/set/certificate', '/mi-cuenta'])(
    '%s sends a visitor to /login, without the header, keeping the return path',
    async (path) => {
      renderAt(path);
      // The first of these downloads the login page's module and its sign-in forms: slow on a
      // loaded two-core machine.
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Iniciar sesión' },
          { timeout: 15_000 },
        ),
      ).toBeTruthy();
      expect(window.location.pathname).toBe('/login');
      expect(where()).toEqual({ pathname: '/login', search: '', state: { returnTo: path } });
      expect(screen.queryByRole('banner')).toBeNull();
    },
    20_000,
  );

  it('the map is open to a visitor: the page stays, with the header and its Login', async () => {
    renderAt('/donativos');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Mapa de parcelas' },
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(where()).toMatchObject({ pathname: '/donativos' });
    expect(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Iniciar sesión' }),
    ).toBeTruthy();
  }, 20_000);

  it('the return path survives a reload of /login', async () => {
    renderAt('/mi-cuenta');
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }, { timeout: 15_000 });
    cleanup();
    renderAt(null);
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
    expect(where()).toEqual({
      pathname: '/login',
      search: '',
      state: { returnTo: '/mi-cuenta' },
    });
  }, 20_000);

  it("the header's Login keeps the page and its query as the return path, in a new entry", async () => {
    renderAt('/aviso-legal?lng=es');
    await screen.findByRole('heading', { level: 1, name: 'Aviso legal' });
    const before = window.history.length;
    fireEvent.click(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Iniciar sesión' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }, { timeout: 15_000 });
    expect(where()).toEqual({
      pathname: '/login',
      search: '',
      state: { returnTo: '/aviso-legal?lng=es' },
    });
    expect(window.history.length).toBe(before + 1);
  }, 20_000);

  it('a link opens its page in place; with a modifier key it is left to the browser', async () => {
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: /iglesia en Asturias/ });
    const footer = screen.getByRole('contentinfo');
    fireEvent.click(within(footer).getByRole('link', { name: 'Aviso legal' }), { ctrlKey: true });
    expect(where()).toMatchObject({ pathname: '/' });
    fireEvent.click(within(footer).getByRole('link', { name: 'Aviso legal' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Aviso legal' })).toBeTruthy();
    expect(where()).toMatchObject({ pathname: '/aviso-legal' });
  });

  it('/verificar hands its page the code decoded, as paths.verifyCertificate encoded it', async () => {
    const href = paths.verifyCertificate.getHref('AB C/1');
    expect(href).toBe('/verificar/AB%20C%2F1');
    renderAt(href);
    expect((await screen.findByTestId('verify-unknown')).textContent).toBe(
      'El código AB C/1 no corresponde a ningún certificado.',
    );
  });

  it('/verificar keeps a code with a malformed escape as it came', async () => {
    renderAt('/verificar/%E0%A4%A');
    expect((await screen.findByTestId('verify-unknown')).textContent).toContain('%E0%A4%A');
  });

  it('a donor who has not accepted the privacy policy goes to /post-login', async () => {
    renderAt('/donativos', donor({ accepted_privacy_policy: false }));
    expect(await screen.findByRole('heading', { level: 1, name: '¡Bienvenido!' })).toBeTruthy();
    expect(window.location.pathname).toBe('/post-login');
    expect(screen.getByTestId('personal-code').textContent).toBe('ANA7K3QZ');
    const proceed = screen.getByRole<HTMLButtonElement>('button', { name: 'Continuar' });
    expect(proceed.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /acepto la política/ }));
    expect(proceed.disabled).toBe(false);
    // The policy opens in another tab: this page, and the return path it holds, stay.
    const form = screen.getByRole('checkbox', { name: /acepto la política/ }).closest('form')!;
    const policy = within(form).getByRole('link', { name: /política de privacidad/i });
    expect(policy.getAttribute('target')).toBe('_blank');
    expect(policy.getAttribute('href')).toBe('/politica-privacidad');
    fireEvent.click(policy);
    expect(where()).toMatchObject({ pathname: '/post-login', state: { returnTo: '/donativos' } });
  });

  it('the staff page sends a donor home', async () => {
    renderAt('/set/certificate', donor());
    await screen.findByRole('heading', { level: 1, name: /iglesia en Asturias/ });
    expect(window.location.pathname).toBe('/');
  });

  it('shows the payment reference on /success and the cancel texts on /cancel', async () => {
    renderAt('/success?session_id=cs_test_42', donor());
    expect((await screen.findByTestId('session-id')).textContent).toBe('cs_test_42');
  });

  it('/cancel: title, description, way home', async () => {
    renderAt('/cancel', donor());
    expect(await screen.findByRole('heading', { level: 1, name: '¡Pago cancelado!' })).toBeTruthy();
    expect(screen.getByText('Puedes intentarlo de nuevo cuando quieras.')).toBeTruthy();
  });

  it('signed in: Certificate, profile and Logout in the header', async () => {
    renderAt('/aviso-legal', donor());
    await screen.findByRole('heading', { level: 1, name: 'Aviso legal' });
    const header = screen.getByRole('banner');
    for (const name of ['Certificado', 'Mi perfil', 'Cerrar sesión']) {
      expect(within(header).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('/mi-cuenta: the header leads to it', async () => {
    renderAt('/aviso-legal', donor());
    await screen.findByRole('heading', { level: 1, name: 'Aviso legal' });
    fireEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Mi cuenta' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeTruthy();
    expect(window.location.pathname).toBe('/mi-cuenta');
    expect(screen.getByRole('heading', { level: 2, name: 'Mis donativos' })).toBeTruthy();
  });

  it('/mi-cuenta waits for the privacy policy', async () => {
    renderAt('/mi-cuenta', donor({ accepted_privacy_policy: false }));
    expect(await screen.findByRole('heading', { level: 1, name: '¡Bienvenido!' })).toBeTruthy();
    expect(window.location.pathname).toBe('/post-login');
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
