/** The sessions component tests render with: Ana, a donor, signed in (or as the test asks). */
import type { DonorUser, Session, SessionApi } from '@/lib/session';

/** Ana signed in with her donor record, with `fields` changed. */
export function anaSignedIn(fields: Partial<DonorUser> = {}): Session {
  return {
    status: 'signed-in',
    account: {
      uid: 'donor-ana',
      email: 'ana@parroquia.test',
      displayName: 'Ana',
      providerId: 'password',
      emailVerified: true,
    },
    userState: 'ready',
    user: {
      id: 'donor-ana',
      name: 'Ana García',
      email: 'ana@parroquia.test',
      personal_code: 'ANA7K3QZ',
      sub: 'donor-ana',
      created_at: null,
      is_anonymous_donor: false,
      accepted_privacy_policy: true,
      is_staff: false,
      ...fields,
    },
  };
}

/** `StaticSessionProvider`'s value for `session`, whose ID token is `token`. */
export function fixedSession(session: Session, token = 'token-ana'): SessionApi {
  return {
    session,
    getToken: async () => token,
    reloadUser: async () => null,
    signOut: async () => {},
  };
}
