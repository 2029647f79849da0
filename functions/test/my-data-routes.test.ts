/**
 * The donor's data routes over in-memory ports (Firestore and Auth: tests/api/my-data.test.ts):
 * the fresh sign-in erasure asks for, and what each outcome of the store answers.
 */
import { ERASURE_SIGN_IN_MAX_AGE_MS } from '@parroquia/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiHandler } from '../src/api/app';
import type { AccountDataStore, ErasureOutcome } from '../src/ports';
import { startServer, type RunningServer } from './support/http-server';
import { NOW, TokenTable, testDependencies } from './support/in-memory';

vi.mock('firebase-functions/logger', () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }));

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A store that answers `outcome` and records what was asked of it. */
function recordingStore(outcome: ErasureOutcome) {
  const asked: string[] = [];
  const store: AccountDataStore = {
    async exportOf(uid) {
      asked.push(`export ${uid}`);
      return uid === 'donor-ana' ? { profile: { uid, name: 'Ana' } } : null;
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
    expect(await answer.json()).toEqual({ profile: { uid: 'donor-ana', name: 'Ana' } });
    const missing = await fetch(`${url}/api/users/my-data/`, {
      headers: { Authorization: 'Bearer token-gone' },
    });
    expect(missing.status).toBe(404);
  });
});
