/**
 * No room for abuse by numbers of accounts (issue 30, item 4), tried as the attacker did on
 * `npm start`, through Hosting -> Functions -> our Firestore and the Auth emulator:
 * - free accounts beat the hold cap: holding plots needs a proven address, so there is no pool
 *   of free accounts' holds to fill;
 * - who is a donor can be learnt by anyone: Auth's own answers and the reset route say nothing
 *   of whether an address has an account;
 * - reset e-mails are limited per address and per caller;
 * - an error answer of a cached route is never cacheable.
 */
import { MAX_PLOTS_HELD_PER_ACCOUNT, MESSAGES, parsePlotCode } from '@parroquia/domain';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { callApi, consentingDonor } from '../support/accounts.ts';
import { adminFirestore } from '../support/clients.ts';
import { startFunctionWorkers, startPayment } from '../support/payments.ts';
import { returnPlots } from '../support/plots.ts';
import { forwardedFor } from '../support/rate-limits.ts';
import { adminAuth, freshPlots, newAccount, uniqueName } from '../support/staff.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));

const touched: string[] = [];
const plots = (count: number) => {
  const codes = freshPlots(count);
  touched.push(...codes);
  return codes;
};
afterAll(async () => {
  await returnPlots(db(), touched);
});

/** A donor as the site makes one (signed up, synced, consented), verified or not. */
async function donor(verified: boolean) {
  const account = await newAccount(authHost, { emailVerified: verified });
  const made = await consentingDonor(siteUrl, { ...account, idToken: account.token });
  return { uid: made.uid, token: made.idToken, name: 'Prueba', email: account.email };
}

describe('free accounts and the hold cap', () => {
  it('accounts that proved no address hold nothing, however many race; a new donor then pays at once', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => donor(false)));
    // All of them after the same plots at once: any of them holding one would show.
    const wanted = plots(10);
    const answers = await Promise.all(
      accounts.flatMap((account) => [
        startPayment(siteUrl, account, 'buy', wanted.slice(0, 5)),
        startPayment(siteUrl, account, 'reserve', wanted.slice(5)),
      ]),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe(MESSAGES.addressUnprovenToHold);
    }
    // What the plots say, not what the answers say: none is off sale for them.
    const cells = await db().collection('cells').where('status', '==', 'held').get();
    expect(cells.docs.filter((doc) => accounts.some((a) => a.uid === doc.get('user')))).toEqual([]);

    // The way out works, and a new proven donor is not held back by anyone.
    await adminAuth(authHost).updateUser(accounts[0]!.uid, { emailVerified: true });
    expect((await startPayment(siteUrl, accounts[0]!, 'buy', wanted.slice(0, 2))).status).toBe(200);
    const proven = await donor(true);
    expect(
      (await startPayment(siteUrl, proven, 'buy', plots(MAX_PLOTS_HELD_PER_ACCOUNT))).status,
    ).toBe(200);
  }, 120_000);

  it('the refusal tells the donor how to prove the address, in their language', async () => {
    const fresh = await donor(false);
    const asked = await fetch(`${siteUrl}/api/payments/stripe-reservation-multiple/`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${fresh.token}`,
        'Content-Type': 'application/json',
        'Accept-Language': 'ro',
      },
      body: JSON.stringify({ celdas: plots(1).map((code) => parsePlotCode(code)) }),
    });
    expect(asked.status).toBe(403);
    expect(((await asked.json()) as { error: string }).error).toMatch(
      /confirmați mai întâi adresa de e-mail/,
    );
  });
});

/** The Auth emulator's REST API, as any browser can call it with the site's public key. */
function identityToolkit(method: string, body: unknown): Promise<Response> {
  return fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('who has an account is not told', () => {
  it("Auth's own answers are the same for an address with an account and one without", async () => {
    const known = (await newAccount(authHost)).email;
    const unknown = `${uniqueName('nadie')}@parroquia.test`;
    const answers = async (email: string) => {
      const uri = await identityToolkit('accounts:createAuthUri', {
        identifier: email,
        continueUri: siteUrl,
      });
      const uriBody = (await uri.json()) as Record<string, unknown>;
      const reset = await identityToolkit('accounts:sendOobCode', {
        requestType: 'PASSWORD_RESET',
        email,
      });
      const signIn = await identityToolkit('accounts:signInWithPassword', {
        email,
        password: 'Contraseña-mala-1',
        returnSecureToken: true,
      });
      return {
        uri: [uri.status, 'registered' in uriBody, 'signinMethods' in uriBody],
        reset: reset.status,
        signIn: [signIn.status, ((await signIn.json()) as { error?: { message?: string } }).error],
      };
    };
    const [ofKnown, ofUnknown] = [await answers(known), await answers(unknown)];
    expect(ofKnown.uri).toEqual([200, false, false]);
    expect(ofUnknown).toEqual(ofKnown);
  });

  it('the reset route answers the same for an address with an account and one without', async () => {
    const caller = {
      'X-Forwarded-For': forwardedFor(`203.0.113.${Math.floor(Math.random() * 200)}`),
    };
    const known = await newAccount(authHost, { emailVerified: true });
    const unknown = `${uniqueName('nadie')}@parroquia.test`;
    const ask = (email: string) =>
      callApi(siteUrl, '/api/users/password-reset/', {
        body: { email, language: 'en' },
        headers: caller,
      });
    const [forKnown, forUnknown] = [await ask(known.email), await ask(unknown)];
    expect([forKnown.status, await forKnown.text()]).toEqual([
      forUnknown.status,
      await forUnknown.text(),
    ]);
    expect(forKnown.status).toBe(202);
    // Only the account's owner is written to, in the language asked for, with a link that works.
    const mails = await db().collection('mail').where('to', '==', known.email).get();
    expect(mails.size).toBe(1);
    expect(mails.docs[0]!.get('message.subject')).toMatch(/password/i);
    expect(mails.docs[0]!.get('message.text')).toMatch(/oobCode=/);
    expect((await db().collection('mail').where('to', '==', unknown).get()).size).toBe(0);
  });

  // Long: the local Functions emulator starts a worker per concurrent request.
  it(
    'ten resets of one address in a burst send at most 3 e-mails; one caller asks at most 10 an hour',
    { timeout: 240_000 },
    async () => {
      const account = await newAccount(authHost, { emailVerified: true });
      await startFunctionWorkers(siteUrl, 10);
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          callApi(siteUrl, '/api/users/password-reset/', {
            body: { email: account.email },
            headers: { 'X-Forwarded-For': forwardedFor(`198.51.100.${i + 1}`) },
          }),
        ),
      );
      expect(burst.map((answer) => answer.status).sort()).toEqual([
        ...Array<number>(3).fill(202),
        ...Array<number>(7).fill(429),
      ]);
      const mails = await db().collection('mail').where('to', '==', account.email).get();
      expect(mails.size).toBe(3);

      const caller = {
        'X-Forwarded-For': forwardedFor(`192.0.2.${Math.floor(Math.random() * 200)}`),
      };
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const answer = await callApi(siteUrl, '/api/users/password-reset/', {
          body: { email: `${uniqueName('otro')}@parroquia.test` },
          headers: caller,
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(202), 429]);
    },
  );
});

describe('error answers of cached routes', () => {
  it('an error of /api/cells/snapshot/ through Hosting is no-store, whatever failed', async () => {
    const path = `${siteUrl}/api/cells/snapshot/`;
    const answers = [
      await fetch(path, { method: 'HEAD' }),
      await fetch(path, { method: 'POST' }),
      await fetch(path, { method: 'PUT', body: '{}' }),
      await fetch(path, { method: 'DELETE' }),
      await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{ not json',
      }),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.url).toBeGreaterThanOrEqual(400);
      expect(answer.headers.get('cache-control'), String(answer.status)).toBe('no-store');
    }
    // The answer itself is still shared by the CDN.
    const ok = await fetch(path);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10');
  });
});
