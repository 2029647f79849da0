import { describe, expect, it } from 'vitest';
import type { DonorUser, Session, UserState } from '@/lib/session';
import { accessDecision, type AccessLevel } from './access';

const account = {
  uid: 'u1',
  email: 'a@b.es',
  displayName: 'A',
  providerId: 'password',
  emailVerified: true,
};
const user = (fields: Partial<DonorUser> = {}): DonorUser => ({
  id: 'u1',
  name: 'Ana',
  email: 'a@b.es',
  personal_code: 'ANA7K3QZ',
  is_anonymous_donor: false,
  accepted_privacy_policy: true,
  is_staff: false,
  sub: 'u1',
  created_at: null,
  ...fields,
});
const signedIn = (userState: UserState, donor: DonorUser | null = null): Session => ({
  status: 'signed-in',
  account,
  userState,
  user: donor,
});

describe('accessDecision (docs/screens.md, docs/product.md)', () => {
  it.each<AccessLevel>(['signed-in', 'donor', 'staff'])(
    '%s: waits while loading, sends the signed-out to login with the return path',
    (level) => {
      expect(accessDecision({ status: 'loading' }, level)).toEqual({
        kind: 'wait',
        text: 'loadingUser',
      });
      expect(accessDecision({ status: 'signed-out' }, level)).toEqual({
        kind: 'redirect',
        to: '/login',
        keepReturnPath: true,
      });
      expect(accessDecision(signedIn('syncing'), level)).toEqual({
        kind: 'wait',
        text: 'syncingUser',
      });
      expect(accessDecision(signedIn('none'), level)).toMatchObject({
        kind: 'redirect',
        to: '/login',
      });
      expect(accessDecision(signedIn('error'), level)).toMatchObject({ kind: 'redirect', to: '/' });
    },
  );

  it('sends a donor who has not accepted the privacy policy to /post-login, keeping the page to come back to, except for /post-login itself', () => {
    const pending = signedIn('ready', user({ accepted_privacy_policy: false }));
    expect(accessDecision(pending, 'donor')).toEqual({
      kind: 'redirect',
      to: '/post-login',
      keepReturnPath: true,
    });
    expect(accessDecision(pending, 'signed-in')).toEqual({ kind: 'allow' });
  });

  it('lets staff alone onto the staff page; others go home', () => {
    expect(accessDecision(signedIn('ready', user()), 'staff')).toMatchObject({
      kind: 'redirect',
      to: '/',
    });
    expect(accessDecision(signedIn('ready', user({ is_staff: true })), 'staff')).toEqual({
      kind: 'allow',
    });
    expect(accessDecision(signedIn('ready', user()), 'donor')).toEqual({ kind: 'allow' });
  });
});

describe('open: the map, for anyone to look at', () => {
  it('lets a visitor in, and treats a signed-in account as a donor', () => {
    expect(accessDecision({ status: 'signed-out' }, 'open')).toEqual({ kind: 'allow' });
    // A session the server just refused: told on the sign-in page, then back here.
    expect(accessDecision({ status: 'signed-out', refused: { text: null } }, 'open')).toEqual({
      kind: 'redirect',
      to: '/login',
      keepReturnPath: true,
    });
    expect(accessDecision({ status: 'loading' }, 'open')).toMatchObject({ kind: 'wait' });
    expect(accessDecision(signedIn('ready', user()), 'open')).toEqual({ kind: 'allow' });
    expect(
      accessDecision(signedIn('ready', user({ accepted_privacy_policy: false })), 'open'),
    ).toMatchObject({ kind: 'redirect', to: '/post-login', keepReturnPath: true });
  });
});
