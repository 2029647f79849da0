/** The donor routes over in-memory ports: schemas, gates and answers (Firestore: tests/api). */
import { availableCell, defineRoute, parsePlotCode } from '@parroquia/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiHandler } from '../src/api/app';
import { ApiError, jsonReply } from '../src/api/http';
import { assertWithinRateLimit, windowOf } from '../src/api/rate-limit';
import { ROUTES } from '../src/api/routes/index';
import { bindRoute, type Route } from '../src/api/router';
import type { UserProfile } from '../src/ports/donors';
import type { StoredCell } from '../src/ports/plots';
import { startServer, type RunningServer } from './support/http-server';
import {
  InMemoryRateLimits,
  NOW,
  testDependencies,
  type TestDependencies,
} from './support/in-memory';
import { pdfPageTexts } from './support/pdf-text';

vi.mock('firebase-functions/logger', () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }));

const ANA: UserProfile = {
  name: 'Ana García',
  email: 'ana@parroquia.test',
  personal_code: 'ANA7K3QZ',
  is_anonymous_donor: false,
  accepted_privacy_policy: true,
  is_staff: false,
  sub: 'donor-ana',
  created_at: null,
};

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(deps: TestDependencies, routes: readonly Route[] = ROUTES) {
  server = await startServer(createApiHandler(deps, { maxBodyBytes: 64 * 1024 }, routes));
  return server.url;
}

function call(
  url: string,
  path: string,
  init: { token?: string; body?: unknown; method?: string; ip?: string; language?: string } = {},
) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.language) headers['Accept-Language'] = init.language;
  if (init.ip) headers['X-Forwarded-For'] = init.ip;
  return fetch(`${url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const bought = (code: string, user: string, display: string): StoredCell => ({
  id: code,
  ...availableCell(parsePlotCode(code)),
  status: 'bought',
  user,
  donor_display: display,
});

describe('route schemas in the router', () => {
  const probe = bindRoute(
    defineRoute({
      method: 'POST',
      path: '/api/probe/',
      access: 'signed-in',
      body: z.object({ count: z.number({ error: 'Cuenta no válida.' }) }),
      query: z.object({ page: z.coerce.number().optional() }),
      answer: z.unknown(),
    }),
    async ({ body, params }) => jsonReply({ doubled: body.count * 2, params }),
  );

  it('answers 400 naming the field before the handler runs, and hands typed input over', async () => {
    const url = await serve(testDependencies(), [probe]);
    const bad = await call(url, '/api/probe/', { token: 'token-ana', body: { count: 'seven' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: 'Cuenta no válida. (campo: count)',
      field: 'count',
    });
    const good = await call(url, '/api/probe/?page=2', { token: 'token-ana', body: { count: 7 } });
    expect(await good.json()).toEqual({ doubled: 14, params: { page: 2 } });
  });

  it('checks the token before the body: 401, not 400, without one', async () => {
    const url = await serve(testDependencies(), [probe]);
    expect((await call(url, '/api/probe/', { body: { count: 'x' } })).status).toBe(401);
  });

  it('checks an empty body as {} (missing fields named)', async () => {
    const url = await serve(testDependencies(), [probe]);
    const response = await call(url, '/api/probe/', { token: 'token-ana', method: 'POST' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'count' });
  });
});

describe('POST /api/users/sync/', () => {
  it('creates the account once, with the placeholder e-mail of a Facebook account without one', async () => {
    const deps = testDependencies();
    const url = await serve(deps);
    const first = await call(url, '/api/users/sync/', {
      token: 'token-new',
      body: { email: 'spoofed@evil.test', name: '', sub: 'donor-new' },
    });
    expect(first.status).toBe(201);
    const profile = (await first.json()) as Record<string, unknown>;
    expect(profile).toMatchObject({
      id: 'donor-new',
      name: 'Usuario sin nombre',
      email: 'facebook_donor-new@sin-correo.invalid',
      accepted_privacy_policy: false,
      created: true,
    });
    const again = await call(url, '/api/users/sync/', {
      token: 'token-new',
      body: { email: null, name: 'Otro', sub: 'donor-new' },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      name: 'Usuario sin nombre',
      personal_code: profile.personal_code,
      created: false,
    });
  });

  it("refuses a body for another account's subject", async () => {
    const response = await call(await serve(testDependencies()), '/api/users/sync/', {
      token: 'token-new',
      body: { name: 'X', sub: 'donor-ana' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: 'Los datos no corresponden a la sesión iniciada.',
    });
  });
});

describe('the privacy-policy gate', () => {
  it('answers 403 with a clear text to a donor who has not accepted it, and lets them in after', async () => {
    const deps = testDependencies();
    deps.users.profiles.set('donor-ana', { ...ANA, accepted_privacy_policy: false });
    deps.cells.cells = [bought('K3', 'donor-ana', 'Ana García')];
    const url = await serve(deps);
    const refused = await call(url, '/api/users/generate-certificate/?lang=es', {
      token: 'token-ana',
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: 'Acepta la política de privacidad para continuar.',
    });
    const accepted = await call(url, '/api/users/accept-privacy-policy/', {
      token: 'token-ana',
      body: { accepted: true, anonymous: true },
    });
    expect(await accepted.json()).toMatchObject({
      accepted_privacy_policy: true,
      is_anonymous_donor: true,
    });
    // Anonymous now: the map shows the code on the donor's plot.
    expect(deps.cells.cells[0]!.donor_display).toBe('ANA7K3QZ');
    const pdf = await call(url, '/api/users/generate-certificate/?lang=es', { token: 'token-ana' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="certificado.pdf"');
    const [text] = await pdfPageTexts(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Ana García');
    expect(text).toContain('K3');
    // The file is named in the reader's language, whatever the certificate's (English: Spanish).
    for (const [language, lang, name] of [
      ['ro-RO,ro;q=0.9', 'ro', 'certificat.pdf'],
      ['en-GB', 'es', 'certificate.pdf'],
    ]) {
      const named = await call(url, `/api/users/generate-certificate/?lang=${lang}`, {
        token: 'token-ana',
        language,
      });
      expect(named.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    }
  });
});

describe('GET /api/users/generate-certificate/', () => {
  it('answers 404 "No tienes ninguna parcela comprada" without bought plots (a reservation does not count)', async () => {
    const deps = testDependencies();
    deps.users.profiles.set('donor-ana', ANA);
    deps.cells.cells = [{ ...bought('K3', 'donor-ana', 'Ana García'), status: 'reserved' }];
    const response = await call(await serve(deps), '/api/users/generate-certificate/?lang=ro', {
      token: 'token-ana',
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'No tienes ninguna parcela comprada' });
  });

  it('answers 400 "Error al descargar el certificado" for a language other than es/ro', async () => {
    const deps = testDependencies();
    deps.users.profiles.set('donor-ana', ANA);
    const response = await call(await serve(deps), '/api/users/generate-certificate/?lang=fr', {
      token: 'token-ana',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'Error al descargar el certificado (campo: lang)',
      field: 'lang',
    });
  });
});

describe('POST /api/users/logout/', () => {
  it("revokes the caller's sessions", async () => {
    const deps = testDependencies();
    const response = await call(await serve(deps), '/api/users/logout/', {
      token: 'token-ana',
      method: 'POST',
    });
    expect(response.status).toBe(200);
    expect(deps.sessions.revoked).toEqual(['donor-ana']);
  });
});

describe('GET /api/certificates/verify/', () => {
  it('answers the name as the map shows it and the plots, publicly', async () => {
    const deps = testDependencies();
    deps.users.profiles.set('donor-ana', ANA);
    deps.cells.cells = [bought('K3', 'donor-ana', 'Ana García'), bought('A1', 'donor-ion', 'X')];
    const response = await call(await serve(deps), '/api/certificates/verify/?code=ana7k3qz', {
      ip: '198.51.100.1',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      code: 'ANA7K3QZ',
      donor_display: 'Ana García',
      plots: [{ code: 'K3', status: 'bought' }],
    });
  });

  it("confirms a paper certificate's code: its plots and what they show, nothing more", async () => {
    const deps = testDependencies();
    deps.cells.cells = [
      { ...bought('K3', 'nobody', 'Doña Carmen'), user: null },
      { ...bought('K4', 'nobody', ''), user: null, donor_display: null },
    ];
    deps.donors.certificateCodes.set('PAPER234', {
      status: 'registered',
      plots: ['K3'],
      email: 'carmen@example.test',
      name: 'Doña Carmen',
    });
    deps.donors.certificateCodes.set('EMPTY234', { status: 'unassigned' });
    const url = await serve(deps);
    const paper = await call(url, '/api/certificates/verify/?code=PAPER234', {
      ip: '198.51.100.3',
    });
    expect(paper.status).toBe(200);
    expect(await paper.json()).toEqual({
      code: 'PAPER234',
      donor_display: 'Doña Carmen',
      plots: [{ code: 'K3', status: 'bought' }],
    });
    const blank = await call(url, '/api/certificates/verify/?code=EMPTY234', {
      ip: '198.51.100.3',
    });
    expect(blank.status).toBe(404);
  });

  it('answers 404 with a clear text for an unknown code, 400 for a malformed one', async () => {
    const url = await serve(testDependencies());
    const unknown = await call(url, '/api/certificates/verify/?code=ZZZZZZZZ', {
      ip: '198.51.100.2',
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: 'Ese código no corresponde a ningún donante.',
    });
    const malformed = await call(url, '/api/certificates/verify/?code=', { ip: '198.51.100.2' });
    expect(malformed.status).toBe(400);
  });
});

describe('POST /api/users/link-code/', () => {
  it('links a registered code, then refuses an 11th try in a minute with 429', async () => {
    const deps = testDependencies();
    deps.users.profiles.set('donor-ana', ANA);
    deps.cells.cells = [{ ...bought('K3', 'nobody', 'PAPER234'), user: null }];
    deps.donors.certificateCodes.set('PAPER234', {
      status: 'registered',
      plots: ['K3'],
      user: null,
    });
    const url = await serve(deps);
    const link = (code: string) =>
      call(url, '/api/users/link-code/', { token: 'token-ana', body: { code } });
    const linked = await link('paper234');
    expect(await linked.json()).toEqual({ status: 'success', code: 'PAPER234', plots: ['K3'] });
    expect(deps.cells.cells[0]).toMatchObject({ user: 'donor-ana', donor_display: 'Ana García' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await link('QQQQ2222')).status);
    expect(statuses).toEqual([...Array(9).fill(404), 429]);
  });
});

describe('rate limits (shared counters)', () => {
  const limit = { name: 'test', perKey: 3, windowMs: 60_000 };
  const attempt = (counters: InMemoryRateLimits, key: string, now: number) =>
    assertWithinRateLimit(counters, limit, key, now, '/api/test/').then(
      () => 'ok',
      (error: unknown) => error,
    );

  it('allows perKey requests per key and window, then 429 with Retry-After to the window end', async () => {
    const counters = new InMemoryRateLimits();
    const start = windowOf(limit, NOW).start;
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await attempt(counters, 'ip:a', start + 15_000));
    expect(answers.slice(0, 3)).toEqual(['ok', 'ok', 'ok']);
    expect(answers[3]).toBeInstanceOf(ApiError);
    expect(answers[3]).toMatchObject({ status: 429, headers: { 'Retry-After': '45' } });
    expect(await attempt(counters, 'ip:b', start + 15_000)).toBe('ok');
    expect(await attempt(counters, 'ip:a', start + 60_000)).toBe('ok');
  });

  it('has no ceiling over all keys: a flood of other keys leaves a visitor alone', async () => {
    const counters = new InMemoryRateLimits();
    for (let i = 0; i < 500; i += 1) await attempt(counters, `ip:${i}`, NOW);
    expect(await attempt(counters, 'ip:visitor', NOW)).toBe('ok');
  });
});
