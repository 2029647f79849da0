/**
 * `POST /api/users/password-reset/` on in-memory ports (issue 30): the same answer whatever the
 * address, the e-mail only to an account's address, in the language asked, and the limits per
 * address and per caller counting every request alike.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@parroquia/domain';
import { createApiHandler } from '../src/api/app';
import type { PasswordResetMailer } from '../src/ports/sign-in';
import { startServer, type RunningServer } from './support/http-server';
import { testDependencies } from './support/in-memory';

vi.mock('firebase-functions/logger', () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }));

/** Mails only to the accounts it knows, as the Firebase adapter does; records what it sent. */
class RecordedResets implements PasswordResetMailer {
  readonly sent: Array<{ email: string; language: Language; continueUrl: string }> = [];
  constructor(private readonly accounts: readonly string[]) {}
  async mailResetLink(email: string, language: Language, continueUrl: string) {
    if (this.accounts.includes(email)) this.sent.push({ email, language, continueUrl });
  }
}

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(resets: RecordedResets) {
  const deps = testDependencies();
  deps.passwordResets = resets;
  deps.payments = { ...deps.payments, siteUrl: () => 'https://donativos.example.org' };
  server = await startServer(createApiHandler(deps));
  return (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server!.url}/api/users/password-reset/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
}

describe('POST /api/users/password-reset/', () => {
  it('answers the same for an address with an account and one without; mails only the first', async () => {
    const resets = new RecordedResets(['ana@parroquia.test']);
    const ask = await serve(resets);
    const known = await ask({ email: '  Ana@Parroquia.TEST ', language: 'ro' });
    const unknown = await ask({ email: 'nadie@parroquia.test', language: 'ro' });
    expect([known.status, await known.text()]).toEqual([unknown.status, await unknown.text()]);
    expect(known.status).toBe(202);
    expect(resets.sent).toEqual([
      {
        email: 'ana@parroquia.test',
        language: 'ro',
        continueUrl: 'https://donativos.example.org/login',
      },
    ]);
  });

  it("writes in the caller's language when the body names none", async () => {
    const resets = new RecordedResets(['ana@parroquia.test']);
    const ask = await serve(resets);
    expect(
      (await ask({ email: 'ana@parroquia.test' }, { 'Accept-Language': 'en-GB' })).status,
    ).toBe(202);
    expect(resets.sent.map((sent) => sent.language)).toEqual(['en']);
  });

  it('refuses what is not an address, and sends nothing', async () => {
    const resets = new RecordedResets(['ana@parroquia.test']);
    const ask = await serve(resets);
    for (const email of ['', 'ana', 'ana@parroquia', `${'a'.repeat(250)}@x.es`, 42]) {
      expect((await ask({ email })).status).toBe(400);
    }
    expect((await ask({ email: 'ana@parroquia.test', language: 'de' })).status).toBe(400);
    expect(resets.sent).toEqual([]);
  });

  it('sends at most 3 an hour to one address, and takes at most 10 an hour from one caller', async () => {
    const resets = new RecordedResets(['ana@parroquia.test']);
    const ask = await serve(resets);
    const toAna = [];
    for (let i = 0; i < 5; i++) {
      toAna.push(await ask({ email: 'ana@parroquia.test' }, { 'X-Forwarded-For': `192.0.2.${i}` }));
    }
    expect(toAna.map((answer) => answer.status)).toEqual([202, 202, 202, 429, 429]);
    expect(Number(toAna[3]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(resets.sent).toHaveLength(3);

    const fromOne = [];
    for (let i = 0; i < 11; i++) {
      fromOne.push(
        await ask({ email: `otro-${i}@parroquia.test` }, { 'X-Forwarded-For': '198.51.100.7' }),
      );
    }
    expect(fromOne.map((answer) => answer.status)).toEqual([...Array<number>(10).fill(202), 429]);
  });
});
