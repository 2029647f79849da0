/** Sync, profile edits, privacy consent and logout through Hosting -> Functions -> Firestore. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DonorProfileJson } from '@parroquia/domain';
import { adminFirestore } from '../support/clients.ts';
import {
  callApi,
  newEmailAccount,
  newProviderAccount,
  type TestAccount,
} from '../support/accounts.ts';
import { plotRange, resetPlots, setPlots } from '../support/plots.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));
const CODE = /^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

type ProfileJson = DonorProfileJson & { created?: boolean };

async function sync(account: { uid: string; idToken: string }, body: Record<string, unknown> = {}) {
  return callApi(siteUrl, '/api/users/sync/', {
    token: account.idToken,
    body: { email: null, name: null, sub: account.uid, ...body },
  });
}

async function profileOf(account: { idToken: string }): Promise<ProfileJson> {
  const response = await callApi(siteUrl, '/api/users/whoami/', { token: account.idToken });
  expect(response.status).toBe(200);
  return (await response.json()) as ProfileJson;
}

async function codeClaimsOf(uid: string) {
  return (await db().collection('personal_codes').where('uid', '==', uid).get()).docs.map(
    (doc) => doc.id,
  );
}

beforeAll(async () => {
  expect((await fetch(`http://${inject('firestoreHost')}/`)).status).toBe(200);
});

describe('POST /api/users/sync/', () => {
  it('creates the account once, with a unique 8-character personal code claimed alongside', async () => {
    const account = await newEmailAccount(authHost, 'Begoña Núñez');
    const created = await sync(account, { email: account.email, name: 'Begoña Núñez' });
    expect(created.status).toBe(201);
    const profile = (await created.json()) as ProfileJson;
    expect(profile).toMatchObject({
      id: account.uid,
      name: 'Begoña Núñez',
      email: account.email,
      is_anonymous_donor: false,
      accepted_privacy_policy: false,
      is_staff: false,
      created: true,
    });
    expect(profile.personal_code).toMatch(CODE);
    expect(
      (await db().collection('personal_codes').doc(profile.personal_code).get()).data(),
    ).toMatchObject({
      uid: account.uid,
    });
    const stored = (await db().collection('users').doc(account.uid).get()).data()!;
    expect(stored).toMatchObject({ personal_code: profile.personal_code, sub: account.uid });

    // A second sync changes nothing, whatever it sends.
    const again = await sync(account, { name: 'Otro Nombre' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      name: 'Begoña Núñez',
      personal_code: profile.personal_code,
      created: false,
    });
    expect(await codeClaimsOf(account.uid)).toEqual([profile.personal_code]);
  });

  it('gives one account and one code to six syncs racing each other', async () => {
    const account = await newEmailAccount(authHost);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => sync(account, { name: 'Carrera' })),
    );
    const profiles = (await Promise.all(answers.map((answer) => answer.json()))) as ProfileJson[];
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(profiles.map((profile) => profile.personal_code)).size).toBe(1);
    expect(profiles.filter((profile) => profile.created)).toHaveLength(1);
    expect(await codeClaimsOf(account.uid)).toEqual([profiles[0]!.personal_code]);
  });

  it('defaults the name to "Usuario sin nombre"', async () => {
    const account = await newEmailAccount(authHost);
    expect(await (await sync(account, { name: '   ' })).json()).toMatchObject({
      name: 'Usuario sin nombre',
    });
  });

  it('stores the token e-mail, not the body one', async () => {
    const account = await newEmailAccount(authHost);
    const answer = (await (
      await sync(account, { email: 'otra@ejemplo.test' })
    ).json()) as ProfileJson;
    expect(answer.email).toBe(account.email);
  });

  it.each([
    ['facebook.com', 'facebook_'],
    ['apple.com', 'apple_'],
  ] as const)(
    'stores a %s account without e-mail with the %s placeholder',
    async (providerId, prefix) => {
      const account = await newProviderAccount(authHost, providerId);
      const answer = (await (await sync(account, { name: 'Externo' })).json()) as ProfileJson;
      expect(answer.email).toBe(`${prefix}${account.uid}@sin-correo.invalid`);
    },
  );

  it('keeps HTML in a name as inert text', async () => {
    const account = await newEmailAccount(authHost);
    const name = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    await sync(account, { name });
    const response = await callApi(siteUrl, '/api/users/whoami/', { token: account.idToken });
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(((await response.json()) as ProfileJson).name).toBe(name);
  });

  it.each([
    ['a missing sub', { name: 'Ana' }, 'sub'],
    ['a sub that is not text', { name: 'Ana', sub: 42 }, 'sub'],
    ['a name that is not text', { name: ['Ana'], sub: '' }, 'name'],
    ['a 10 kB name', { name: 'x'.repeat(10 * 1024), sub: '' }, 'name'],
    ['an e-mail that is not text', { email: 5, sub: '' }, 'email'],
  ])('answers 400 naming the field for %s, and creates nothing', async (_, body, field) => {
    const account = await newEmailAccount(authHost);
    const payload = 'sub' in body && body.sub === '' ? { ...body, sub: account.uid } : body;
    const response = await callApi(siteUrl, '/api/users/sync/', {
      token: account.idToken,
      body: payload,
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: string; field: string };
    expect(answer.field).toBe(field);
    expect(answer.error).toContain(`(campo: ${field})`);
    expect((await db().collection('users').doc(account.uid).get()).exists).toBe(false);
  });

  it('answers 400 for a body that is not JSON and 403 for the sub of another account', async () => {
    const account = await newEmailAccount(authHost);
    // Declared as JSON, the framework's body parser refuses it before the function runs.
    const declaredJson = await callApi(siteUrl, '/api/users/sync/', {
      token: account.idToken,
      rawBody: '{"sub":',
    });
    expect(declaredJson.status).toBe(400);
    const notJson = await callApi(siteUrl, '/api/users/sync/', {
      token: account.idToken,
      rawBody: '{"sub":',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({
      error: 'El cuerpo de la petición no es JSON válido.',
    });
    const other = await sync(account, { sub: 'donor-ana' });
    expect(other.status).toBe(403);
    expect((await db().collection('users').doc(account.uid).get()).exists).toBe(false);
  });
});

describe('POST /api/users/update_user/', () => {
  const plots = plotRange('TU', 20);
  let donor: TestAccount;
  let personalCode: string;

  beforeAll(async () => {
    donor = await newEmailAccount(authHost);
    personalCode = ((await (await sync(donor, { name: 'Nombre Viejo' })).json()) as ProfileJson)
      .personal_code;
    await setPlots(db(), plots, {
      status: 'bought',
      user: donor.uid,
      donor_display: 'Nombre Viejo',
    });
  });
  afterAll(() => resetPlots(db(), plots));

  const update = (body: unknown) =>
    callApi(siteUrl, '/api/users/update_user/', { token: donor.idToken, body });
  const displays = async () =>
    new Set(
      (await db().getAll(...plots.map((code) => db().collection('cells').doc(code)))).map((doc) =>
        doc.get('donor_display'),
      ),
    );

  it("changes the name on the profile and on all 40 of the donor's plots, and nothing else", async () => {
    const response = await update({
      name: '  Ștefan Țăranu ',
      email: 'hacker@evil.test',
      personal_code: 'AAAAAAAA',
      is_staff: true,
      accepted_privacy_policy: true,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: 'Ștefan Țăranu',
      email: donor.email,
      personal_code: personalCode,
      is_staff: false,
      accepted_privacy_policy: false,
    });
    expect(await displays()).toEqual(new Set(['Ștefan Țăranu']));
    expect(await profileOf(donor)).toMatchObject({ name: 'Ștefan Țăranu', email: donor.email });
  });

  it('shows the personal code on the plots of a donor who turns anonymous, and the name again after', async () => {
    await update({ is_anonymous_donor: true });
    expect(await displays()).toEqual(new Set([personalCode]));
    await update({ is_anonymous_donor: false });
    expect(await displays()).toEqual(new Set(['Ștefan Țăranu']));
  });

  it('stores a change of language alone without reading or writing any plot', async () => {
    const stamps = async () =>
      (await db().getAll(...plots.map((code) => db().collection('cells').doc(code)))).map((doc) =>
        doc.updateTime?.toMillis(),
      );
    const before = await stamps();
    const response = await update({ language: 'ro' });
    expect(response.status).toBe(200);
    expect((await db().collection('users').doc(donor.uid).get()).get('language')).toBe('ro');
    expect(await stamps()).toEqual(before);
    expect(await displays()).toEqual(new Set(['Ștefan Țăranu']));
  });

  it.each([
    ['a 10 kB name', { name: 'y'.repeat(10 * 1024) }, 'name'],
    ['an empty name', { name: '  ' }, 'name'],
    ['a name that is a number', { name: 7 }, 'name'],
    ['a name with a line break', { name: 'Ana\nGarcía' }, 'name'],
    ['an anonymity flag that is text', { is_anonymous_donor: 'true' }, 'is_anonymous_donor'],
  ])('answers 400 for %s and changes nothing', async (_, body, field) => {
    const response = await update(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field });
    expect((await profileOf(donor)).name).toBe('Ștefan Țăranu');
    expect(await displays()).toEqual(new Set(['Ștefan Țăranu']));
  });

  it('answers 400 for a body with nothing to change, and 404 without a profile', async () => {
    const empty = await update({ email: 'x@y.es' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      error: 'No hay nada que cambiar: envía el nombre o la opción de donante anónimo.',
    });
    const stranger = await newEmailAccount(authHost);
    const missing = await callApi(siteUrl, '/api/users/update_user/', {
      token: stranger.idToken,
      body: { name: 'X' },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'Usuario no encontrado.' });
  });
});

describe('POST /api/users/accept-privacy-policy/', () => {
  it('records the consent and the anonymity choice', async () => {
    const account = await newEmailAccount(authHost);
    await sync(account, { name: 'Consentida' });
    const response = await callApi(siteUrl, '/api/users/accept-privacy-policy/', {
      token: account.idToken,
      body: { accepted: true, anonymous: true },
    });
    expect(response.status).toBe(200);
    expect(await profileOf(account)).toMatchObject({
      accepted_privacy_policy: true,
      is_anonymous_donor: true,
    });
    const stored = (await db().collection('users').doc(account.uid).get()).data()!;
    expect(stored.privacy_policy_accepted_at).toBeDefined();
  });

  it.each([
    ['accepted: false', { accepted: false, anonymous: false }, 'accepted'],
    ['accepted as text', { accepted: 'true', anonymous: false }, 'accepted'],
    ['a missing anonymous', { accepted: true }, 'anonymous'],
  ])('answers 400 for %s and records nothing', async (_, body, field) => {
    const account = await newEmailAccount(authHost);
    await sync(account);
    const response = await callApi(siteUrl, '/api/users/accept-privacy-policy/', {
      token: account.idToken,
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field });
    expect((await profileOf(account)).accepted_privacy_policy).toBe(false);
  });
});

describe('POST /api/users/logout/', () => {
  it('revokes the sessions: the same ID token is refused afterwards', async () => {
    const account = await newEmailAccount(authHost);
    await sync(account);
    // Revocation is recorded in whole seconds; a token from the same second would survive it.
    await new Promise((done) => setTimeout(done, 1_100));
    const response = await callApi(siteUrl, '/api/users/logout/', {
      token: account.idToken,
      method: 'POST',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    const after = await callApi(siteUrl, '/api/users/whoami/', { token: account.idToken });
    expect(after.status).toBe(401);
  });
});
