/**
 * Sign-up says nothing of who has an account (issue 30): being on this parish's list reveals a
 * religion. `POST /api/users/sign-up/` answers the same for an address with an account and one
 * without; the account's owner gets an e-mail either way (the link that proves a new address, or
 * "you already have an account"), and an existing account is not created or changed. Tried
 * through Hosting -> Functions -> our Firestore and the Auth emulator.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { MESSAGES } from '@parroquia/domain';
import { describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/accounts.ts';
import { adminFirestore } from '../support/clients.ts';
import { forwardedFor } from '../support/rate-limits.ts';
import { adminAuth, newAccount, uniqueName } from '../support/staff.ts';
import { runSweepScript } from '../support/sweep-script.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));

/** A caller of its own, so that no other test's requests count against its limit. */
function caller(): Record<string, string> {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return { 'X-Forwarded-For': forwardedFor(`10.${octet()}.${octet()}.${octet()}`) };
}

/** Sign-in as a browser does it, against the Auth emulator (email enumeration protection on). */
async function signIn(email: string, password: string) {
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { error?: { message?: string } };
  return { status: response.status, error: body.error?.message ?? null };
}

function confirm(code: string, language = 'es') {
  return callApi(siteUrl, '/api/users/confirm-sign-up/', {
    body: { code },
    headers: { ...caller(), 'Accept-Language': language },
  });
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

    // The new one: mailed the link that confirms it; until it is opened the address has no
    // account to sign in to, and the password typed answers exactly as a wrong one does.
    await expect(adminAuth(authHost).getUserByEmail(unknown)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    const toUnknown = await mailsTo(unknown);
    expect(toUnknown).toHaveLength(1);
    expect(toUnknown[0]!.subject).toMatch(/confirm/i);
    const link = new URL(/(http\S+confirm=\S+)/.exec(toUnknown[0]!.text)![1]!);
    expect([link.pathname, link.searchParams.get('lng')]).toEqual(['/login', 'en']);
    const pending = await signIn(unknown, 'Nueva-2026');
    expect(pending).toEqual(await signIn(known.email, 'Nueva-2026'));
    expect(pending).toEqual(await signIn(`${uniqueName('nadie')}@parroquia.test`, 'Nueva-2026'));
    expect(pending.status).toBe(400);

    // The link opened: the account has the address, proven, the name, and the password typed.
    const confirmed = await confirm(link.searchParams.get('confirm')!);
    expect([confirmed.status, await confirmed.json()]).toEqual([200, { status: 'confirmed' }]);
    const created = await adminAuth(authHost).getUserByEmail(unknown);
    expect([created.displayName, created.emailVerified]).toEqual(['Ana Pérez', true]);
    expect((await signIn(unknown, 'Nueva-2026')).status).toBe(200);
    // Spent: the same link again says it no longer works, in the caller's language.
    const again = await confirm(link.searchParams.get('confirm')!, 'ro');
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: string }).error).toMatch(/nu mai este valabil/);
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
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    // The first one's link comes back to /login with where the donor was going.
    const links = mails.map((mail) => new URL(/(http\S+confirm=\S+)/.exec(mail.text)![1]!));
    const back = links.find((link) => link.searchParams.get('returnTo'))!;
    expect([back.pathname, back.searchParams.get('returnTo')]).toEqual(['/login', '/donativos']);
    // Either link confirms the one account, with the first name and password.
    const confirmed = await confirm(links[1]!.searchParams.get('confirm')!);
    expect(confirmed.status).toBe(200);
    const account = await adminAuth(authHost).getUserByEmail(email);
    expect(account.displayName).toBe('Uno');
    expect((await signIn(email, 'Primera-2026')).status).toBe(200);
    expect((await signIn(email, 'Segunda-2026')).status).toBe(400);
    expect((await confirm(links[0]!.searchParams.get('confirm')!)).status).toBe(404);
  });

  it('a link opened after the address got an account another way says so and drops the waiting one', async () => {
    const email = `${uniqueName('otra-via')}@parroquia.test`;
    expect((await signUp({ email, password: 'Primera-2026', name: 'Uno' })).status).toBe(202);
    const [mail] = await mailsTo(email);
    const code = new URL(/(http\S+confirm=\S+)/.exec(mail!.text)![1]!).searchParams.get('confirm')!;
    const other = await adminAuth(authHost).createUser({ email, password: 'Otra-2026' });
    const answer = await confirm(code);
    expect([answer.status, await answer.json()]).toEqual([200, { status: 'existing' }]);
    expect((await adminAuth(authHost).getUserByEmail(email)).uid).toBe(other.uid);
    expect((await signIn(email, 'Primera-2026')).status).toBe(400);
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

  it('a link left unopened past its days is dropped by the sweep, with the account waiting for it', async () => {
    const email = `${uniqueName('olvidada')}@parroquia.test`;
    expect((await signUp({ email, password: 'Primera-2026', name: 'Olvido' })).status).toBe(202);
    const [mail] = await mailsTo(email);
    const code = new URL(/(http\S+confirm=\S+)/.exec(mail!.text)![1]!).searchParams.get('confirm')!;
    const waiting = await db()
      .collection('sign_up_confirmations')
      .where('email', '==', email)
      .get();
    const uid = waiting.docs[0]!.get('uid') as string;
    await waiting.docs[0]!.ref.update({ expires_at: Timestamp.fromMillis(Date.now() - 1000) });
    const swept = await runSweepScript({
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      FIRESTORE_EMULATOR_HOST: inject('firestoreHost'),
    });
    expect(swept).toMatch(/sweep: [1-9]\d* sign-ups dropped/);
    await expect(adminAuth(authHost).getUser(uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    expect((await confirm(code)).status).toBe(404);
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
