/** Authorization -> caller: owner, unsigned emulator tokens, anything else signed out. */
import { describe, expect, it } from 'vitest';
import { callerFromAuthorization } from '../../src/caller.ts';

const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const unsigned = (claims: object) => `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;

describe('callerFromAuthorization', () => {
  it('Bearer owner is the owner', () => {
    expect(callerFromAuthorization('Bearer owner')).toEqual({ owner: true });
  });

  it('an unsigned token gives uid (sub, else user_id) and every claim as token', () => {
    const claims = { sub: 'u1', user_id: 'u1', staff: true, firebase: { sign_in_provider: 'password' } };
    expect(callerFromAuthorization(`Bearer ${unsigned(claims)}`)).toEqual({
      owner: false,
      auth: { uid: 'u1', token: claims },
    });
    const onlyUserId = { user_id: 'u2', email: 'a@b.es' };
    expect(callerFromAuthorization(`bearer ${unsigned(onlyUserId)}`)).toEqual({
      owner: false,
      auth: { uid: 'u2', token: onlyUserId },
    });
  });

  it('no header, another scheme, a token that is not a JWT or has no uid: signed out', () => {
    for (const header of [undefined, '', 'Basic abc', 'Bearer garbage', `Bearer ${unsigned({ x: 1 })}`, 'Bearer a.!!!.b']) {
      expect(callerFromAuthorization(header)).toEqual({ owner: false, auth: null });
    }
  });
});
