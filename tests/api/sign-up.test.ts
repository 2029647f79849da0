/**
 * Sign-up says nothing of who has an account (issue 30): being on this parish's list reveals a
 * religion. `POST /api/users/sign-up/` answers the same for an address with an account and one
 * without; the account's owner gets an e-mail either way (the link that proves a new address, or
 * "you already have an account"), and an existing account is not created or changed. Tried
 * through Hosting -> Functions -> our Firestore and the Auth emulator.
 */
import { MESSAGES } from '@parroquia/domain';
import { describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/accounts.ts';
import { adminFirestore } from '../support/clients.ts';
import { forwardedFor } from '../support/rate-limits.ts';
import { adminAuth, newAccount, uniqueName } from '../support/staff.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));

/** A caller of its own, so that no other test's requests count against its limit. */
function caller(): Record<string, string> {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return { 'X-Forwarded-For': forwardedFor(`10.${octet()}.${octet()}.${octet()}`) };
}

function signUp(body: Record<string, unknown>, headers: Record<string, string> = caller()) {
  return callApi(siteUrl, '/api/users/sign-up/', { body, headers });
}

async function mailsTo(email: string) {
  const found = await db().collection('mail').where('to', '==', email).get();
  return found.docs.map((doc) => ({
    subject: doc.get('message.subject') as string,
    text: doc.get('message.text') as string,
  }));
}

describe('sign-up says nothing of who has an account', () => {
  it('an address with an account and one without get the same answer; the existing account is untouched', async () => {
    const known = await newAccount(authHost, { emailVerified: true });
    const before = await adminAuth(authHost).getUser(known.uid);
    const unknown = `${uniqueName('alta')}@parroquia.test`;
    const ask = (email: string) =>
      signUp({ email, password: 'Nueva-2026', name: 'Ana Pérez', language: 'en' });
    const [forKnown, forUnknown] = [await ask(known.email), await ask(unknown)];
    const [knownBody, unknownBody] = [await forKnown.text(), await forUnknown.text()];
    expect([forKnown.status, knownBody]).toEqual([forUnknown.status, unknownBody]);
    expect(forKnown.status).toBe(202);
    expect(JSON.parse(knownBody)).toEqual({ status: 'requested' });

    // The existing account: not changed (name, password, proof), and its owner is told.
    const after = await adminAuth(authHost).getUser(known.uid);
    expect(after.displayName).toBe(before.displayName);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.emailVerified).toBe(true);
    expect(after.tokensValidAfterTime).toBe(before.tokensValidAfterTime);
    const toKnown = await mailsTo(known.email);
    expect(toKnown).toHaveLength(1);
    expect(toKnown[0]!.subject).toMatch(/already have an account/i);
    expect(toKnown[0]!.text).toMatch(/\/login/);
    expect(toKnown[0]!.text).not.toMatch(/oobCode=/);

    // The new one: created with the name, not proven, and mailed the link that proves it.
    const created = await adminAuth(authHost).getUserByEmail(unknown);
    expect(created.displayName).toBe('Ana Pérez');
    expect(created.emailVerified).toBe(false);
    const toUnknown = await mailsTo(unknown);
    expect(toUnknown).toHaveLength(1);
    expect(toUnknown[0]!.subject).toMatch(/confirm/i);
    const link = /(http\S+oobCode=\S+)/.exec(toUnknown[0]!.text)![1]!;
    const opened = await fetch(link, { redirect: 'manual' });
    await opened.arrayBuffer();
    expect((await adminAuth(authHost).getUser(created.uid)).emailVerified).toBe(true);
  });

  it('asking twice for a new address makes one account and keeps the first password', async () => {
    const email = `${uniqueName('dos')}@parroquia.test`;
    const headers = caller();
    const first = await signUp(
      { email, password: 'Primera-2026', name: 'Uno', language: 'es', return_to: '/donativos' },
      headers,
    );
    const second = await signUp(
      { email, password: 'Segunda-2026', name: 'Dos', language: 'es' },
      headers,
    );
    expect([first.status, second.status]).toEqual([202, 202]);
    const account = await adminAuth(authHost).getUserByEmail(email);
    expect(account.displayName).toBe('Uno');
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    // The first one's link comes back to /login with where the donor was going.
    const verify = mails.find((mail) => /oobCode=/.test(mail.text))!;
    const link = new URL(/(http\S+oobCode=\S+)/.exec(verify.text)![1]!);
    const back = new URL(link.searchParams.get('continueUrl')!);
    expect([back.pathname, back.searchParams.get('returnTo')]).toEqual(['/login', '/donativos']);
  });

  it("refuses bad input in the caller's language and creates nothing", async () => {
    const email = `${uniqueName('mal')}@parroquia.test`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email, password: 'Buena-2026', name: '   ', language: 'es' }, MESSAGES.nameEmpty],
      [{ email: 'no-es-correo', password: 'Buena-2026', name: 'Ana' }, MESSAGES.emailInvalid],
      [{ email, password: '12345', name: 'Ana' }, MESSAGES.passwordTooShort],
      [{ email, password: 'Buena-2026', name: 'Ana', language: 'fr' }, MESSAGES.languageUnknown],
      [
        { email, password: 'Buena-2026', name: 'Ana', return_to: '//x.es' },
        MESSAGES.returnPathInvalid,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await signUp(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toContain(message);
    }
    const english = await callApi(siteUrl, '/api/users/sign-up/', {
      body: { email, password: '12345', name: 'Ana' },
      headers: { ...caller(), 'Accept-Language': 'en' },
    });
    expect(((await english.json()) as { error: string }).error).toMatch(/at least 6 characters/);
    await expect(adminAuth(authHost).getUserByEmail(email)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    expect(await mailsTo(email)).toEqual([]);
  });

  it('the limit counts mailboxes, not spellings: +tags and capitals are one mailbox', async () => {
    const user = uniqueName('buzon').replaceAll('-', '');
    const spellings = [`${user}+a`, `${user.toUpperCase()}+b`, user, `${user}+c`].map(
      (local) => `${local}@parroquia.test`,
    );
    const statuses: number[] = [];
    for (const email of spellings) {
      statuses.push((await signUp({ email, password: 'Prueba-2026', name: 'Ana' })).status);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    const resets: number[] = [];
    for (const email of spellings) {
      const answer = await callApi(siteUrl, '/api/users/password-reset/', {
        body: { email },
        headers: caller(),
      });
      resets.push(answer.status);
    }
    expect(resets).toEqual([202, 202, 202, 429]);
  });

  it('a password reset answers after the same padded time, with an account or without', async () => {
    const known = await newAccount(authHost, { emailVerified: true });
    for (const email of [known.email, `${uniqueName('nadie')}@parroquia.test`]) {
      const started = performance.now();
      const answer = await callApi(siteUrl, '/api/users/password-reset/', {
        body: { email },
        headers: caller(),
      });
      expect(answer.status).toBe(202);
      expect(performance.now() - started, email).toBeGreaterThanOrEqual(1000);
    }
  });

  it('one address is mailed at most 3 times an hour; one caller signs up at most 10', async () => {
    const email = `${uniqueName('muchas')}@parroquia.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await signUp({ email, password: 'Prueba-2026', name: 'Ana' });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(await mailsTo(email)).toHaveLength(3);

    const headers = caller();
    const fromOne: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await signUp(
        { email: `${uniqueName('otra')}@parroquia.test`, password: 'Prueba-2026', name: 'Ana' },
        headers,
      );
      fromOne.push(answer.status);
    }
    expect(fromOne).toEqual([...Array<number>(10).fill(202), 429]);
  });
});
