/**
 * Rate limits through the real stack: counted in Firestore for every Functions worker at once,
 * keyed by the account or by the address the platform appended to `X-Forwarded-For`.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  callApi,
  consentingDonor,
  newEmailAccount,
  type TestAccount,
} from '../support/accounts.ts';
import { adminFirestore } from '../support/clients.ts';
import { startInProcessApi } from '../support/in-process-api.ts';
import { forwardedFor, inParallel, withinOneWindow } from '../support/rate-limits.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');

const verify = (code: string, xForwardedFor: string) =>
  callApi(siteUrl, `/api/certificates/verify/?code=${code}`, {
    headers: { 'X-Forwarded-For': xForwardedFor },
  });

const randomAddress = () =>
  Array.from({ length: 4 }, () => Math.floor(Math.random() * 254) + 1).join('.');

describe('GET /api/certificates/verify/: 20 a minute per address', () => {
  it('counts the address the platform appended: rotating the entries the client writes does not help', async () => {
    await withinOneWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      const header = forwardedFor('198.51.100.21', [randomAddress(), `10.0.${i}.1`]);
      statuses.push((await verify('ZZZZ2222', header)).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(statuses.slice(20)).toEqual([429, 429]);
    // The same client writing no entry of its own is the same address.
    expect((await verify('ANA7K3QZ', '198.51.100.21')).status).toBe(429);
  });

  // Long: 320 requests through the whole local stack, a few at a time (more would only queue in
  // the Functions emulator past Hosting's 60-second proxy timeout on a small machine).
  it(
    'a flood of spoofed requests from 320 addresses does not lock a real visitor out',
    { timeout: 400_000 },
    async () => {
      const flood = await inParallel(
        Array.from(
          { length: 320 },
          (_, i) => () =>
            verify('ZZZZ2222', forwardedFor(`192.0.2.${i % 250}`, [randomAddress()])).then(
              (response) => response.status,
            ),
        ),
        4,
      );
      // 250 addresses, 320 requests: none reached its own 20, so none was refused. (A 504 is
      // Hosting's proxy giving up on a Functions emulator runtime still starting on a busy
      // machine; it says nothing of the limit.)
      expect(flood.filter((status) => status !== 404 && status !== 504)).toEqual([]);
      const visitor = await verify('ANA7K3QZ', forwardedFor('203.0.113.177'));
      expect(visitor.status).toBe(200);
      expect(await visitor.json()).toMatchObject({ code: 'ANA7K3QZ' });
    },
  );
});

describe('downloads (PDF, CSV, own data): 20 a minute per account, whichever route', () => {
  it(
    'refuses the 21st download in a minute with 429, from any address; another account still downloads',
    { timeout: 120_000 },
    async () => {
      const [first, second] = await Promise.all(
        [0, 1].map(async () => consentingDonor(siteUrl, await newEmailAccount(authHost))),
      );
      const download = (account: TestAccount, path: string) =>
        callApi(siteUrl, path, {
          token: account.idToken,
          headers: { 'X-Forwarded-For': randomAddress() },
        }).then((response) => response.status);
      await withinOneWindow(30_000);
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        // Alternating routes: the count is the account's, not one route's.
        const path =
          i % 2 === 0
            ? '/api/users/my-data/'
            : `/api/users/donations/statement/?year=${new Date().getFullYear()}&lang=es`;
        statuses.push(await download(first!, path));
      }
      // The data file, and no statement for an account that never gave (nothing to print).
      expect(statuses).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 200 : 404)));
      expect(await download(first!, '/api/users/generate-certificate/?lang=es')).toBe(429);
      expect(await download(first!, '/api/users/my-data/')).toBe(429);
      expect(await download(second!, '/api/users/my-data/')).toBe(200);
    },
  );
});

describe('POST /api/users/link-code/: 10 a minute per account', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await consentingDonor(siteUrl, await newEmailAccount(authHost));
  });

  // On the API's handler in this process, which serves the 40 at once as a production instance
  // does (see in-process-api.ts): the Functions emulator starts a worker process per concurrent
  // call, 40 at once on two cores, and its proxy gave up on some. The counters are the stack's.
  it(
    '40 concurrent calls, from as many addresses: at most 10 get past the limit',
    { timeout: 120_000 },
    async () => {
      const api = await startInProcessApi({
        firestoreHost: inject('firestoreHost'),
        authHost,
        stripeUrl: inject('stripeUrl'),
        siteUrl,
      });
      await withinOneWindow();
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          callApi(api.url, '/api/users/link-code/', {
            token: account.idToken,
            body: { code: 'QQQQ2222' },
            headers: { 'X-Forwarded-For': randomAddress() },
          }).then(async (response) => ({
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            body: (await response.json()) as unknown,
          })),
        ),
      ).finally(() => api.close());
      // Past the limit: the handler's own answer for an unknown code.
      const passed = answers.filter((answer) => answer.status === 404);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(passed.length).toBeGreaterThan(0);
      expect(passed.length + refused.length).toBe(40);
      const key = createHash('sha256').update(`uid:${account.uid}`).digest('hex').slice(0, 32);
      const counters = await adminFirestore(inject('firestoreHost'))
        .collection('rate_limits')
        .where('name', '==', 'link-code')
        .get();
      const mine = counters.docs.filter((counter) => counter.id.includes(key));
      expect(mine.length).toBeGreaterThan(0);
      for (const counter of mine) expect(counter.get('count')).toBeLessThanOrEqual(10);
      // 10 a window: on a busy machine the 40 calls may be served across two clock minutes.
      expect(passed.length).toBeLessThanOrEqual(10 * mine.length);
      for (const answer of refused) {
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        expect(answer.body).toMatchObject({
          error: 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.',
        });
      }
    },
  );

  it('keeps its counters in rate_limits with the expiry the TTL policy deletes them by', async () => {
    const counters = await adminFirestore(inject('firestoreHost'))
      .collection('rate_limits')
      .where('name', '==', 'link-code')
      .get();
    expect(counters.size).toBeGreaterThan(0);
    for (const counter of counters.docs) {
      const { count, expires_at, window_start } = counter.data();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(10);
      expect(expires_at.toMillis() - window_start.toMillis()).toBe(60_000);
      // No uid or address in the id.
      expect(counter.id).not.toContain(account.uid);
    }
  });
});
