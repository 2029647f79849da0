import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { availableCell, defineRoute, type Cell } from '@parroquia/domain';
import { z } from 'zod';
import * as logger from 'firebase-functions/logger';
import { createApiHandler } from '../src/api/app';
import { jsonReply } from '../src/api/http';
import { ROUTES } from '../src/api/routes/index';
import { bindRoute, type Route } from '../src/api/router';
import type { UserProfile } from '../src/ports/donors';
import type { StoredCell } from '../src/ports/plots';
import { startServer, type RunningServer } from './support/http-server';
import { NOW, testDependencies, type TestDependencies } from './support/in-memory';

// The log helpers write through firebase-functions' logger: recorded here, and runs stay quiet.
vi.mock('firebase-functions/logger', () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }));

const ANA_PROFILE: UserProfile = {
  name: 'Ana García',
  email: 'ana@parroquia.test',
  personal_code: 'ANA7K3QZ',
  is_anonymous_donor: false,
  accepted_privacy_policy: true,
  is_staff: false,
  sub: 'donor-ana',
  created_at: '2026-11-01T10:00:00.000Z',
};

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(
  deps: TestDependencies,
  routes: readonly Route[] = ROUTES,
  maxBodyBytes = 64 * 1024,
) {
  server = await startServer(createApiHandler(deps, { maxBodyBytes }, routes));
  return server.url;
}

async function errorOf(response: Response): Promise<string> {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = (await response.json()) as Record<string, unknown>;
  // The text, and the catalogue key screens decide by (docs/api.md, "Errors").
  expect(Object.keys(body)).toEqual(['error', 'code']);
  expect(typeof body.error).toBe('string');
  expect(body.code).toMatch(/^[a-zA-Z]+$/);
  return body.error as string;
}

const stored = (cell: Cell): StoredCell => ({ id: `${cell.x}${cell.y}`, ...cell });

describe('GET /api/cells/', () => {
  it('answers the cells sorted by column then row, in the public shape', async () => {
    const deps = testDependencies();
    deps.cells.cells = [
      stored(availableCell({ x: 'B', y: 1 })),
      stored({
        ...availableCell({ x: 'A', y: 10 }),
        status: 'bought',
        user: 'donor-ana',
        donor_display: 'Ana García',
      }),
      stored(availableCell({ x: 'A', y: 2 })),
    ];
    const response = await fetch(`${await serve(deps)}/api/cells/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual([
      { id: 'A2', x: 'A', y: 2, status: 'available', user: null, donor_display: null },
      {
        id: 'A10',
        x: 'A',
        y: 10,
        status: 'bought',
        user: 'donor-ana',
        donor_display: 'Ana García',
      },
      { id: 'B1', x: 'B', y: 1, status: 'available', user: null, donor_display: null },
    ]);
  });

  it('shows the effective status: lapsed holds and reservations as available', async () => {
    const deps = testDependencies();
    const hold = (code: 'B2' | 'B3', expiresAt: number): StoredCell => ({
      ...stored({ ...availableCell({ x: 'B', y: Number(code.slice(1)) }) }),
      status: 'held',
      user: 'donor-ana',
      hold: { session_id: `cs_${code}`, kind: 'buy', expires_at: expiresAt },
    });
    deps.cells.cells = [
      hold('B2', NOW - 60_000),
      hold('B3', NOW + 60_000),
      {
        ...stored(availableCell({ x: 'C', y: 1 })),
        status: 'reserved',
        user: 'donor-ion',
        donor_display: 'ION4W8RT',
        reserved_until: NOW,
      },
    ];
    const cells = (await (await fetch(`${await serve(deps)}/api/cells/`)).json()) as Array<
      Record<string, unknown>
    >;
    expect(cells).toEqual([
      { id: 'B2', x: 'B', y: 2, status: 'available', user: null, donor_display: null },
      { id: 'B3', x: 'B', y: 3, status: 'held', user: 'donor-ana', donor_display: null },
      { id: 'C1', x: 'C', y: 1, status: 'available', user: null, donor_display: null },
    ]);
  });

  it('is reachable without the /api prefix (the function called directly) and with a query', async () => {
    const url = await serve(testDependencies());
    expect((await fetch(`${url}/cells/`)).status).toBe(200);
    expect((await fetch(`${url}/api/cells/?refresh=1`)).status).toBe(200);
  });

  it('keeps the trailing slash of docs/api.md', async () => {
    const response = await fetch(`${await serve(testDependencies())}/api/cells`);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe('Ruta no encontrada.');
  });

  it('answers 405 with Allow for another method', async () => {
    const response = await fetch(`${await serve(testDependencies())}/api/cells/`, {
      method: 'DELETE',
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(await errorOf(response)).toBe('Método no permitido.');
  });

  it('answers 500 with a JSON error, without leaking the cause, when storage fails', async () => {
    const deps = testDependencies();
    deps.cells.listCells = async () => {
      throw new Error('firestore exploded: secret detail');
    };
    vi.mocked(logger.error).mockClear();
    const response = await fetch(`${await serve(deps)}/api/cells/`);
    expect(response.status).toBe(500);
    expect(await errorOf(response)).toBe('Error interno del servidor.');
    expect(vi.mocked(logger.error)).toHaveBeenCalledWith(
      'api: request failed',
      expect.objectContaining({
        method: 'GET',
        path: '/api/cells/',
        error: expect.stringContaining('firestore exploded'),
      }),
    );
  });
});

describe('unknown routes', () => {
  it('answer 404 with a JSON error', async () => {
    const response = await fetch(`${await serve(testDependencies())}/api/no-such-route/`);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe('Ruta no encontrada.');
  });
});

describe('GET /api/users/whoami/ and the ID-token middleware', () => {
  it('answers 401 without a token, without asking the verifier', async () => {
    const deps = testDependencies();
    const response = await fetch(`${await serve(deps)}/api/users/whoami/`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await errorOf(response)).toBe('Inicia sesión para continuar.');
    expect(deps.idTokens.verified).toEqual([]);
  });

  it.each(['token-ana', 'Basic token-ana', 'Bearer', 'Bearer  ', 'Bearer a b'])(
    'answers 401 for the Authorization header %j',
    async (authorization) => {
      const response = await fetch(`${await serve(testDependencies())}/api/users/whoami/`, {
        headers: { Authorization: authorization },
      });
      expect(response.status).toBe(401);
      await errorOf(response);
    },
  );

  it('answers 401 for a token the verifier rejects', async () => {
    const deps = testDependencies();
    const response = await fetch(`${await serve(deps)}/api/users/whoami/`, {
      headers: { Authorization: 'Bearer not-a-token' },
    });
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe(
      'La sesión no es válida o ha caducado. Inicia sesión de nuevo.',
    );
    expect(deps.idTokens.verified).toEqual(['not-a-token']);
  });

  it("answers the caller's own profile", async () => {
    const deps = testDependencies();
    deps.users.profiles.set('donor-ana', ANA_PROFILE);
    deps.users.profiles.set('staff-demo', { ...ANA_PROFILE, name: 'Párroco' });
    const response = await fetch(`${await serve(deps)}/api/users/whoami/`, {
      headers: { Authorization: 'bearer token-ana' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'donor-ana', ...ANA_PROFILE });
  });

  it('takes staff rights from the token claim, not from the stored profile', async () => {
    const deps = testDependencies();
    deps.users.profiles.set('staff-demo', { ...ANA_PROFILE, is_staff: false });
    deps.users.profiles.set('donor-ana', { ...ANA_PROFILE, is_staff: true });
    const url = await serve(deps);
    const staff = await fetch(`${url}/api/users/whoami/`, {
      headers: { Authorization: 'Bearer token-staff' },
    });
    expect(await staff.json()).toMatchObject({ id: 'staff-demo', is_staff: true });
    const ana = await fetch(`${url}/api/users/whoami/`, {
      headers: { Authorization: 'Bearer token-ana' },
    });
    expect(await ana.json()).toMatchObject({ id: 'donor-ana', is_staff: false });
  });

  it('answers 404 with a JSON error when the caller has no profile yet', async () => {
    const response = await fetch(`${await serve(testDependencies())}/api/users/whoami/`, {
      headers: { Authorization: 'Bearer token-ana' },
    });
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe('Usuario no encontrado.');
  });

  it("answers 500 when the verifier itself fails (not the caller's fault)", async () => {
    const deps = testDependencies();
    deps.idTokens.verify = async () => {
      throw new Error('could not fetch public keys');
    };
    const response = await fetch(`${await serve(deps)}/api/users/whoami/`, {
      headers: { Authorization: 'Bearer token-ana' },
    });
    expect(response.status).toBe(500);
    await errorOf(response);
  });
});

describe('staff-only routes', () => {
  const seen: string[] = [];
  const routes = [
    bindRoute(
      defineRoute({
        method: 'POST',
        path: '/api/users/generate-json-codes/',
        access: 'staff',
        answer: z.object({ codes: z.array(z.string()) }),
      }),
      async ({ caller }) => {
        seen.push(caller.uid);
        return jsonReply({ codes: [] });
      },
    ),
  ];

  it('answer 401 without a token, 403 for a donor, and run for staff', async () => {
    const url = `${await serve(testDependencies(), routes)}/api/users/generate-json-codes/`;
    expect((await fetch(url, { method: 'POST' })).status).toBe(401);
    const donor = await fetch(url, {
      method: 'POST',
      headers: { Authorization: 'Bearer token-ana' },
    });
    expect(donor.status).toBe(403);
    expect(await errorOf(donor)).toBe('Solo el personal de la parroquia puede hacer esto.');
    expect(seen).toEqual([]);
    const staff = await fetch(url, {
      method: 'POST',
      headers: { Authorization: 'Bearer token-staff' },
    });
    expect(staff.status).toBe(200);
    expect(await staff.json()).toEqual({ codes: [] });
    expect(seen).toEqual(['staff-demo']);
  });
});

describe('request bodies', () => {
  const echo = [
    bindRoute(
      defineRoute({ method: 'POST', path: '/api/echo/', access: 'public', answer: z.unknown() }),
      async ({ body }) => jsonReply({ body: body ?? null }),
    ),
    bindRoute(
      defineRoute({
        method: 'POST',
        path: '/api/signed-echo/',
        access: 'signed-in',
        answer: z.unknown(),
      }),
      async ({ body }) => jsonReply({ body: body ?? null }),
    ),
    bindRoute(
      defineRoute({
        method: 'POST',
        path: '/api/raw/',
        access: 'public',
        body: 'raw',
        answer: z.unknown(),
      }),
      async ({ rawBody, body }) =>
        jsonReply({ length: rawBody.length, parsed: body !== undefined }),
    ),
  ];
  const post = (url: string, body: string, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...headers },
    });

  it('parses JSON bodies and reads an empty body as nothing', async () => {
    const url = await serve(testDependencies(), echo);
    const celdas = { celdas: [{ x: 'K', y: 3 }] };
    expect(await (await post(`${url}/api/echo/`, JSON.stringify(celdas))).json()).toEqual({
      body: celdas,
    });
    expect(await (await post(`${url}/api/echo/`, '')).json()).toEqual({ body: null });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await post(
      `${await serve(testDependencies(), echo)}/api/echo/`,
      '{"celdas": [',
    );
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe('El cuerpo de la petición no es JSON válido.');
  });

  it('leaves raw bodies unparsed for routes that ask for it', async () => {
    const response = await post(`${await serve(testDependencies(), echo)}/api/raw/`, 't=1,v1=abc');
    expect(await response.json()).toEqual({ length: 10, parsed: false });
  });

  it('accepts a body of exactly the limit and answers 413 one byte over', async () => {
    const url = await serve(testDependencies(), echo, 100);
    const fits = JSON.stringify({ pad: 'x'.repeat(100 - 10) });
    expect(fits).toHaveLength(100);
    expect((await post(`${url}/api/echo/`, fits)).status).toBe(200);
    const response = await post(`${url}/api/echo/`, JSON.stringify({ pad: 'x'.repeat(91) }));
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe('La petición es demasiado grande.');
  });

  it('answers 413 for a 64 KiB+ body with the default limit, before checking the token', async () => {
    const deps = testDependencies();
    const url = await serve(deps, echo);
    const response = await post(
      `${url}/api/signed-echo/`,
      JSON.stringify({ pad: 'x'.repeat(64 * 1024) }),
      {
        Authorization: 'Bearer token-ana',
      },
    );
    expect(response.status).toBe(413);
    await errorOf(response);
    expect(deps.idTokens.verified).toEqual([]);
  });

  it('answers 413 for a chunked body without a declared length', async () => {
    const url = new URL('/api/echo/', await serve(testDependencies(), echo, 1000));
    const { status, text } = await new Promise<{ status: number; text: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          url,
          { method: 'POST', headers: { 'Content-Type': 'application/json' } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        for (let i = 0; i < 10; i += 1) req.write('x'.repeat(200));
        req.end();
      },
    );
    expect(status).toBe(413);
    expect(JSON.parse(text)).toMatchObject({ error: 'La petición es demasiado grande.' });
  });
});
