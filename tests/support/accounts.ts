/** Accounts and tokens for the API suites: fresh Auth emulator users and hand-made bad tokens. */
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  updateProfile,
} from 'firebase/auth';
import { PROJECT_ID } from '@parroquia/testkit/local-stack';

export interface TestAccount {
  uid: string;
  email: string;
  idToken: string;
}

const randomId = () => Math.random().toString(36).slice(2, 10);

/** A new e-mail account in the Auth emulator, signed in (the web SDK, as the site does). */
export async function newEmailAccount(
  authHost: string,
  displayName?: string,
  email = `donante-${randomId()}@parroquia.test`,
): Promise<TestAccount> {
  const app = initializeApp(
    { apiKey: 'demo-api-key', projectId: PROJECT_ID },
    `account-${randomId()}`,
  );
  try {
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://${authHost}`, { disableWarnings: true });
    const { user } = await createUserWithEmailAndPassword(auth, email, 'Prueba-2026');
    if (displayName) await updateProfile(user, { displayName });
    return { uid: user.uid, email, idToken: await user.getIdToken(true) };
  } finally {
    await deleteApp(app);
  }
}

/**
 * The account's owner opened the verification link: Auth says its address is verified from now
 * on (the Auth emulator's admin update, as `owner`). Staff registrations and e-mails reach only
 * such addresses (docs/product.md, "What an unverified account receives").
 */
export async function verifyEmail(authHost: string, uid: string): Promise<void> {
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:update`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, emailVerified: true }),
    },
  );
  if (!response.ok) throw new Error(`verify ${uid}: ${response.status} ${await response.text()}`);
}

/**
 * A Facebook (or Apple) sign-in without e-mail through the Auth emulator's IdP endpoint, which
 * takes a fake provider token: the account stored under a placeholder address
 * (`facebook_<uid>@sin-correo.invalid`, docs/data-model.md "E-mail of accounts without one").
 */
export async function newProviderAccount(
  authHost: string,
  providerId: 'facebook.com' | 'apple.com',
): Promise<{ uid: string; idToken: string }> {
  const claims = { sub: `${providerId.split('.')[0]}-${randomId()}`, name: 'Proveedor Externo' };
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        postBody: `providerId=${providerId}&id_token=${encodeURIComponent(JSON.stringify(claims))}`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    },
  );
  const body = (await response.json()) as { localId?: string; idToken?: string; error?: unknown };
  if (!body.localId || !body.idToken) throw new Error(`signInWithIdp: ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned token in the Auth emulator's format, with any claims (expired, other project). */
export function emulatorStyleToken(claims: Record<string, unknown>, project = PROJECT_ID): string {
  const now = Math.floor(Date.now() / 1000);
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
    iss: `https://securetoken.google.com/${project}`,
    aud: project,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    ...claims,
  })}.`;
}

/** What an attacker would send in production: RS256 claimed, the signature made up. */
export function forgedToken(claims: Record<string, unknown>): string {
  const [, payload] = emulatorStyleToken(claims).split('.');
  const header = base64url({ alg: 'RS256', kid: 'forged-key', typ: 'JWT' });
  return `${header}.${payload}.${Buffer.from('not a real signature').toString('base64url')}`;
}

export interface ApiCall {
  token?: string;
  body?: unknown;
  /** Sent as is (a string that is not JSON, say). */
  rawBody?: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
}

export function callApi(siteUrl: string, path: string, call: ApiCall = {}): Promise<Response> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.token) headers.Authorization = `Bearer ${call.token}`;
  const body = call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  if (body !== undefined) headers['Content-Type'] ??= 'application/json';
  return fetch(`${siteUrl}${path}`, {
    method: call.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
}

/**
 * A donor as the site makes one on first sign-in: the account's first sync (optionally with a
 * name), then the privacy policy accepted. Answers the account and its personal code.
 */
export async function consentingDonor(
  siteUrl: string,
  account: TestAccount,
  options: { name?: string; anonymous?: boolean } = {},
): Promise<TestAccount & { personalCode: string }> {
  const synced = await callApi(siteUrl, '/api/users/sync/', {
    token: account.idToken,
    body: { email: account.email, sub: account.uid, name: options.name },
  });
  if (!synced.ok) throw new Error(`sync answered ${synced.status}: ${await synced.text()}`);
  const accepted = await callApi(siteUrl, '/api/users/accept-privacy-policy/', {
    token: account.idToken,
    body: { accepted: true, anonymous: options.anonymous ?? false },
  });
  if (!accepted.ok)
    throw new Error(`consent answered ${accepted.status}: ${await accepted.text()}`);
  const { personal_code } = (await accepted.json()) as { personal_code: string };
  return { ...account, personalCode: personal_code };
}
