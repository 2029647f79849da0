/**
 * The donor's data routes over in-memory ports (Firestore and Auth: tests/api/my-data.test.ts):
 * the fresh sign-in erasure asks for, and what each outcome of the store answers.
 */
import { ERASURE_SIGN_IN_MAX_AGE_MS, type AccountDataExport } from '@parroquia/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiHandler } from '../src/api/app';
import type { AccountDataStore, ErasureOutcome } from '../src/ports/donors';
import { startServer, type RunningServer } from './support/http-server';
import { pdfPageLines } from './support/pdf-text';
import { NOW, TokenTable, testDependencies } from './support/in-memory';

vi.mock('firebase-functions/logger', () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }));

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A Romanian donor's data, with a bit of everything the document reads out. */
const MARIA: AccountDataExport = {
  exported_at: '2026-11-28T10:00:00.000Z',
  profile: {
    uid: 'donor-ana',
    name: 'Maria Ștefănescu',
    email: 'maria@example.ro',
    personal_code: 'MAR7K3QZ',
    is_anonymous_donor: false,
    accepted_privacy_policy: true,
    privacy_policy_accepted_at: '2026-10-02T09:00:00.000Z',
    language: 'ro',
    created_at: '2026-10-02T08:55:00.000Z',
    updated_at: null,
  },
  plots: [
    { plot: 'H7', status: 'bought', reserved_until: null },
    { plot: 'H8', status: 'reserved', reserved_until: '2026-12-11T23:00:00.000Z' },
  ],
  gifts: [
    {
      id: 'cs_1',
      kind: 'buy',
      method: 'card',
      amount_cents: 25_000,
      plots: ['H7'],
      date: '2026-10-02T09:10:00.000Z',
      name: 'Maria Ștefănescu',
      email: 'maria@example.ro',
      refund_of: null,
      certificate_code: null,
    },
  ],
  refunds: [],
  card_payments: [
    {
      session_id: 'cs_1',
      kind: 'buy',
      plots: ['H7'],
      amount_cents: 25_000,
      status: 'paid',
      paid_at: '2026-10-02T09:10:00.000Z',
      refunded_cents: 0,
    },
  ],
  paper_certificates: [],
  emails: [
    {
      id: 'receipt-cs_1',
      to: 'maria@example.ro',
      subject: 'Chitanța donației dumneavoastră',
      text: '…',
      queued_at: '2026-10-02T09:10:05.000Z',
      delivered_at: null,
    },
  ],
  commemoration_names: {
    names: [
      { name: 'Ioan', state: 'living' },
      { name: 'Gheorghe', state: 'departed' },
    ],
    on_certificate: true,
    updated_at: null,
  },
};

/** A store that answers `outcome` and records what was asked of it. */
function recordingStore(outcome: ErasureOutcome) {
  const asked: string[] = [];
  const store: AccountDataStore = {
    async exportOf(uid) {
      asked.push(`export ${uid}`);
      return uid === 'donor-ana' ? MARIA : null;
    },
    async erase(uid) {
      asked.push(`erase ${uid}`);
      return outcome;
    },
    async deleteSignIn(uid) {
      asked.push(`delete sign-in ${uid}`);
    },
  };
  return { store, asked };
}

async function serve(outcome: ErasureOutcome, signedInAgo: number) {
  const deps = testDependencies();
  const { store, asked } = recordingStore(outcome);
  deps.accountData = store;
  deps.idTokens = new TokenTable({
    'token-ana': { uid: 'donor-ana', staff: false, authTime: NOW - signedInAgo },
    'token-gone': { uid: 'donor-gone', staff: false, authTime: NOW },
  });
  server = await startServer(createApiHandler(deps));
  return { url: server.url, asked };
}

const erase = (url: string, token: string, language = 'es') =>
  fetch(`${url}/api/users/erase-account/`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Accept-Language': language,
    },
    body: JSON.stringify({ confirm: true }),
  });

describe('POST /api/users/erase-account/', () => {
  it('erases, then deletes the sign-in, for a sign-in of the last five minutes', async () => {
    const { url, asked } = await serve('erased', ERASURE_SIGN_IN_MAX_AGE_MS);
    const answer = await erase(url, 'token-ana');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'erased' });
    expect(asked).toEqual(['erase donor-ana', 'delete sign-in donor-ana']);
  });

  it('refuses an older sign-in in the caller’s language, asking the store nothing', async () => {
    const { url, asked } = await serve('erased', ERASURE_SIGN_IN_MAX_AGE_MS + 1);
    const answer = await erase(url, 'token-ana', 'ro');
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { error: string }).error).toContain(
      'autentificați-vă din nou',
    );
    expect(asked).toEqual([]);
  });

  it('finishes an erasure whose sign-in deletion failed before', async () => {
    const { url, asked } = await serve('already-erased', 0);
    expect((await erase(url, 'token-ana')).status).toBe(200);
    expect(asked).toEqual(['erase donor-ana', 'delete sign-in donor-ana']);
  });

  it('answers 409 while a checkout holds plots, and 404 without a profile, deleting nothing', async () => {
    const paying = await serve('paying', 0);
    const refused = await erase(paying.url, 'token-ana');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain('pago con tarjeta');
    expect(paying.asked).toEqual(['erase donor-ana']);
    await server?.close();
    const none = await serve('no-account', 0);
    expect((await erase(none.url, 'token-gone')).status).toBe(404);
    expect(none.asked).toEqual(['erase donor-gone']);
  });
});

describe('GET /api/users/my-data/', () => {
  it('is a JSON download of the caller’s data; 404 without a profile', async () => {
    const { url } = await serve('erased', 0);
    const answer = await fetch(`${url}/api/users/my-data/`, {
      headers: { Authorization: 'Bearer token-ana' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.headers.get('content-disposition')).toContain(
      `mis-datos-${new Date(NOW).toISOString().slice(0, 10)}.json`,
    );
    // UTF-8 text, her name as written (no \u escapes).
    const text = await answer.text();
    expect(text).toContain('"name": "Maria Ștefănescu"');
    expect(JSON.parse(text)).toEqual(MARIA);
    const missing = await fetch(`${url}/api/users/my-data/`, {
      headers: { Authorization: 'Bearer token-gone' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('GET /api/users/my-data/document/', () => {
  it('is her data in words, in Romanian, section by section; 400 for another language, 404 without a profile', async () => {
    const { url } = await serve('erased', 0);
    const get = (query: string, token = 'token-ana') =>
      fetch(`${url}/api/users/my-data/document/${query}`, {
        headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'ro' },
      });
    const answer = await get('?lang=ro');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toContain(
      `datele-mele-${new Date(NOW).toISOString().slice(0, 10)}.pdf`,
    );
    const lines = (await pdfPageLines(await answer.arrayBuffer())).flat();
    expect(lines).toEqual(
      expect.arrayContaining([
        'Datele mele',
        'Nume: Maria Ștefănescu',
        'Cod personal: MAR7K3QZ',
        'Limba e-mailurilor: română',
        'Parcelele dumneavoastră',
        'H7: cumpărată.',
        'H8: rezervată; ultima zi pentru a plăti restul este 11 decembrie 2026.',
        'Vii: Ioan',
        'Adormiți: Gheorghe',
      ]),
    );
    const all = lines.join(' ');
    expect(all).toMatch(/2 octombrie 2026 · Cumpărare cu cardul · 250,00\s(€|EUR) · H7/);
    expect(all).toContain('Chitanța donației dumneavoastră');
    // Words, not the JSON's keys.
    expect(all).not.toMatch(/personal_code|amount_cents|is_anonymous_donor/);

    expect((await get('?lang=fr')).status).toBe(400);
    expect((await get('?lang=ro', 'token-gone')).status).toBe(404);
  });
});
