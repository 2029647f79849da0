import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { firebaseIdTokenVerifier } from '../src/adapters/firebase-id-tokens';
import { isoOf, millisOf, readCellDocument } from '@parroquia/domain';
import { userProfileFromDocument } from '../src/adapters/user-document';
import { startServer } from './support/http-server';

const EXPIRES = Date.UTC(2026, 10, 22, 12, 30);

describe("firebase-admin's Timestamp in the domain's readers", () => {
  it('reads as epoch milliseconds', () => {
    expect(millisOf(Timestamp.fromMillis(EXPIRES))).toBe(EXPIRES);
    expect(isoOf(Timestamp.fromMillis(EXPIRES))).toBe('2026-11-22T12:30:00.000Z');
  });

  it('gives a stored hold and reservation their instants', () => {
    const held = readCellDocument('K3', {
      x: 'K',
      y: 3,
      status: 'held',
      user: 'donor-ana',
      donor_display: null,
      hold: { session_id: 'cs_1', kind: 'buy', expires_at: Timestamp.fromMillis(EXPIRES) },
      updated_at: Timestamp.now(),
    });
    expect(held.ok && held.cell.hold).toEqual({
      session_id: 'cs_1',
      kind: 'buy',
      expires_at: EXPIRES,
    });
    const reserved = readCellDocument('A1', {
      status: 'reserved',
      user: 'u',
      donor_display: 'Ana',
      reserved_until: Timestamp.fromMillis(EXPIRES),
    });
    expect(reserved.ok && reserved.cell.reserved_until).toBe(EXPIRES);
  });
});

describe('user documents', () => {
  it('answers only the profile fields, JSON-safe', () => {
    expect(
      userProfileFromDocument({
        name: 'Ana García',
        email: 'ana@parroquia.test',
        personal_code: 'ANA7K3QZ',
        is_anonymous_donor: false,
        accepted_privacy_policy: true,
        is_staff: false,
        sub: 'donor-ana',
        created_at: Timestamp.fromMillis(EXPIRES),
        internal_note: 'not for the browser',
      }),
    ).toEqual({
      name: 'Ana García',
      email: 'ana@parroquia.test',
      personal_code: 'ANA7K3QZ',
      is_anonymous_donor: false,
      accepted_privacy_policy: true,
      is_staff: false,
      sub: 'donor-ana',
      created_at: '2026-11-22T12:30:00.000Z',
    });
  });

  it('fills what a partial document lacks', () => {
    expect(userProfileFromDocument({ accepted_privacy_policy: 'yes' })).toEqual({
      name: '',
      email: '',
      personal_code: '',
      is_anonymous_donor: false,
      accepted_privacy_policy: false,
      is_staff: false,
      sub: null,
      created_at: null,
    });
  });
});

describe('firebase-admin ID-token verifier', () => {
  const apps: App[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => deleteApp(app)));
  });

  it('rejects a string that is not a Firebase ID token (real firebase-admin, no network)', async () => {
    const app = initializeApp({ projectId: 'demo-parroquia' }, `verifier-${Date.now()}`);
    apps.push(app);
    const verifier = firebaseIdTokenVerifier(() => getAuth(app));
    expect(await verifier.verify('not-a-token')).toBeNull();
  });

  it('accepts an Auth emulator token and reads its staff claim (real firebase-admin)', async () => {
    // In emulator mode firebase-admin accepts unsigned tokens but looks the user up in the Auth
    // emulator; this stand-in knows two accounts.
    const known = new Set(['staff-demo', 'donor-ana']);
    const authEmulator = await startServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const ids = (JSON.parse(body) as { localId?: string[] }).localId ?? [];
        const users = ids.filter((id) => known.has(id)).map((localId) => ({ localId }));
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(users.length > 0 ? { users } : {}));
      });
    });
    const previous = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(authEmulator.url).host;
    try {
      const app = initializeApp({ projectId: 'demo-parroquia' }, `emulator-${Date.now()}`);
      apps.push(app);
      const verifier = firebaseIdTokenVerifier(() => getAuth(app));
      const now = Math.floor(Date.now() / 1000);
      const token = (claims: Record<string, unknown>) =>
        [
          { alg: 'none', typ: 'JWT' },
          {
            iss: 'https://securetoken.google.com/demo-parroquia',
            aud: 'demo-parroquia',
            iat: now,
            exp: now + 3600,
            auth_time: now,
            ...claims,
          },
        ]
          .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
          .join('.') + '.';
      expect(await verifier.verify(token({ sub: 'staff-demo', staff: true }))).toMatchObject({
        uid: 'staff-demo',
        staff: true,
      });
      expect(
        await verifier.verify(
          token({
            sub: 'donor-ana',
            email: 'ana@parroquia.test',
            email_verified: true,
            firebase: { sign_in_provider: 'password', identities: {} },
          }),
        ),
      ).toEqual({
        uid: 'donor-ana',
        staff: false,
        email: 'ana@parroquia.test',
        // No `name` claim in this token: none to keep on a staff action.
        name: null,
        providerId: 'password',
        emailVerified: true,
        // The sign-in's time, in milliseconds: erasing an account asks for a recent one.
        authTime: now * 1000,
      });
      expect(await verifier.verify(token({ sub: 'deleted-user' }))).toBeNull();
      expect(await verifier.verify(token({ sub: 'donor-ana', aud: 'other-project' }))).toBeNull();
      expect(await verifier.verify(token({ sub: 'donor-ana', exp: now - 10 }))).toBeNull();
    } finally {
      if (previous === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      else process.env.FIREBASE_AUTH_EMULATOR_HOST = previous;
      await authEmulator.close();
    }
  });

  it('reads the uid and the staff claim of an accepted token', async () => {
    const verifier = firebaseIdTokenVerifier(
      () => ({ verifyIdToken: async () => ({ uid: 'staff-demo', staff: true }) }) as never,
    );
    expect(await verifier.verify('t')).toMatchObject({ uid: 'staff-demo', staff: true });
    const donor = firebaseIdTokenVerifier(
      () => ({ verifyIdToken: async () => ({ uid: 'donor-ana', staff: 'true' }) }) as never,
    );
    expect(await donor.verify('t')).toMatchObject({ uid: 'donor-ana', staff: false });
  });

  it('lets internal failures through, to answer 500 rather than 401', async () => {
    const failing = firebaseIdTokenVerifier(
      () =>
        ({
          verifyIdToken: async () => {
            throw Object.assign(new Error('keys unavailable'), { code: 'auth/internal-error' });
          },
        }) as never,
    );
    await expect(failing.verify('t')).rejects.toThrow('keys unavailable');
  });
});
