/** Every donor route refuses a request without a valid token of this project (401, JSON). */
import { describe, expect, inject, it } from 'vitest';
import { DEMO } from '../support/clients.ts';
import { callApi, emulatorStyleToken, forgedToken } from '../support/accounts.ts';

const siteUrl = inject('siteUrl');
const now = Math.floor(Date.now() / 1000);

const ROUTES = [
  { method: 'POST', path: '/api/users/sync/', body: { name: 'Ana', sub: DEMO.ana.uid } },
  { method: 'POST', path: '/api/users/update_user/', body: { name: 'Ana' } },
  {
    method: 'POST',
    path: '/api/users/accept-privacy-policy/',
    body: { accepted: true, anonymous: false },
  },
  { method: 'POST', path: '/api/users/logout/', body: undefined },
  { method: 'POST', path: '/api/users/link-code/', body: { code: 'ANA7K3QZ' } },
  { method: 'GET', path: '/api/users/generate-certificate/?lang=es', body: undefined },
] as const;

const BAD_TOKENS: Array<[string, string | undefined]> = [
  ['no token', undefined],
  ['a string that is not a token', 'not-a-token'],
  // Claims staff rights for Ana with an RS256 header and a made-up signature.
  ['a forged token', forgedToken({ sub: DEMO.ana.uid, user_id: DEMO.ana.uid, staff: true })],
  [
    'an expired token',
    emulatorStyleToken({
      sub: DEMO.ana.uid,
      iat: now - 7200,
      auth_time: now - 7200,
      exp: now - 3600,
    }),
  ],
  ['a token of another project', emulatorStyleToken({ sub: DEMO.ana.uid }, 'demo-otra-parroquia')],
  ['a token of an account that does not exist', emulatorStyleToken({ sub: 'nobody-here' })],
];

describe.each(ROUTES)('$method $path', ({ method, path, body }) => {
  it.each(BAD_TOKENS)(
    'answers 401 with a JSON error for %s, before reading the body',
    async (_, token) => {
      const response = await callApi(siteUrl, path, { method, token, body });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const answer = (await response.json()) as { error: string };
      expect(answer.error).toMatch(/Inicia sesión|La sesión no es válida/);
    },
  );
});
