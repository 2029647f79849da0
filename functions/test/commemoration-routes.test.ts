/**
 * The donor's names to be remembered over in-memory ports (Firestore and staff: tests/api): the
 * list replaced whole, a refused entry named in the caller's language with nothing saved, a name
 * the type cannot print refused, and the certificate printing the names only when asked to.
 */
import { availableCell } from '@parroquia/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiHandler } from '../src/api/app';
import { ROUTES } from '../src/api/routes/index';
import type { UserProfile } from '../src/ports/donors';
import { startServer, type RunningServer } from './support/http-server';
import { NOW, testDependencies, type TestDependencies } from './support/in-memory';
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

async function serve(deps: TestDependencies) {
  server = await startServer(createApiHandler(deps, { maxBodyBytes: 64 * 1024 }, ROUTES));
  return server.url;
}

const PATH = '/api/users/commemorations/';

function call(url: string, path: string, body?: unknown, language = 'es') {
  return fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: 'Bearer token-ana',
      'Accept-Language': language,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Ana, with a plot bought: her gift stands, so she may give names. */
function donorAna() {
  const deps = testDependencies();
  deps.users.profiles.set('donor-ana', ANA);
  deps.cells.cells = [
    {
      id: 'A10',
      ...availableCell({ x: 'A', y: 10 }),
      status: 'bought',
      user: 'donor-ana',
      donor_display: 'Ana',
    },
  ];
  return deps;
}

const LIST = {
  names: [
    { name: ' Ioan ', state: 'living' },
    { name: 'Gheorghe', state: 'departed' },
  ],
  on_certificate: true,
};

describe('the donor names to be remembered', () => {
  it('answers no names before the first save, then the list saved, trimmed', async () => {
    const url = await serve(donorAna());
    expect(await (await call(url, PATH)).json()).toEqual({
      names: [],
      on_certificate: false,
      updated_at: null,
      may_give_names: true,
    });
    const saved = await call(url, PATH, LIST);
    expect(saved.status).toBe(200);
    const expected = {
      names: [
        { name: 'Ioan', state: 'living' },
        { name: 'Gheorghe', state: 'departed' },
      ],
      on_certificate: true,
      updated_at: new Date(NOW).toISOString(),
      may_give_names: true,
    };
    expect(await saved.json()).toEqual(expected);
    expect(await (await call(url, PATH)).json()).toEqual(expected);
  });

  it.each([
    ['es', 'Nombre n.º 2: El nombre no puede estar vacío. (campo: names.1.name)'],
    ['ro', 'Numele nr. 2: Numele nu poate fi gol. (câmp: names.1.name)'],
    ['en', 'Name no. 2: The name cannot be empty. (field: names.1.name)'],
  ])('refuses an empty entry in %s, naming it, and keeps the list', async (language, error) => {
    const deps = donorAna();
    const url = await serve(deps);
    await call(url, PATH, LIST);
    const refused = await call(
      url,
      PATH,
      {
        names: [
          { name: 'Maria', state: 'living' },
          { name: '\u200B ', state: 'living' },
        ],
        on_certificate: false,
      },
      language,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error, field: 'names.1.name' });
    expect(deps.commemorations.lists.get('donor-ana')?.names.map(({ name }) => name)).toEqual([
      'Ioan',
      'Gheorghe',
    ]);
  });

  it('refuses 21 names', async () => {
    const url = await serve(donorAna());
    const names = Array.from({ length: 21 }, () => ({ name: 'Ana', state: 'living' }));
    const refused = await call(url, PATH, { names, on_certificate: true });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'Puedes dar como máximo 20 nombres para recordar. (campo: names)',
      field: 'names',
    });
  });

  it('refuses a name the certificate type cannot print, naming the characters', async () => {
    const deps = donorAna();
    const url = await serve(deps);
    const refused = await call(
      url,
      PATH,
      {
        names: [
          { name: 'Ioan', state: 'living' },
          { name: '李娜', state: 'departed' },
        ],
        on_certificate: true,
      },
      'ro',
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'Numele nr. 2: Aceste caractere nu pot fi tipărite: 李 娜. (câmp: names.1.name)',
      field: 'names.1.name',
    });
    expect(deps.commemorations.lists.size).toBe(0);
  });

  it('prints the names on the certificate, grouped, only when the donor chose so', async () => {
    const deps = donorAna();
    deps.cells.cells = [
      {
        x: 'K',
        y: 3,
        status: 'bought',
        user: 'donor-ana',
        donor_display: 'Ana García',
        hold: null,
        reserved_until: null,
        id: 'K3',
      },
    ];
    const url = await serve(deps);
    const certificate = async () => {
      const response = await call(url, '/api/users/generate-certificate/?lang=ro');
      expect(response.status).toBe(200);
      return (await pdfPageTexts(new Uint8Array(await response.arrayBuffer()))).join('\n');
    };
    await call(url, PATH, { ...LIST, on_certificate: false });
    expect(await certificate()).not.toContain('Ioan');
    await call(url, PATH, LIST);
    const text = await certificate();
    expect(text).toContain('Pomeniți în rugăciunile parohiei:');
    expect(text).toContain('Vii: Ioan');
    expect(text).toContain('Adormiți: Gheorghe');
  });
});
