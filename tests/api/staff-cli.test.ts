/** `npm run staff -- grant|revoke|list` against the test stack's Auth and Firestore emulators. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { PROJECT_ID, ROOT } from '@parroquia/testkit/local-stack';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import { adminAuth, newAccount, postJson } from '../support/staff.ts';

const run = promisify(execFile);

async function staffCli(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      join(ROOT, 'node_modules/.bin/tsx'),
      [join(ROOT, 'scripts/staff.ts'), ...args],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          FIREBASE_AUTH_EMULATOR_HOST: inject('authHost'),
          FIRESTORE_EMULATOR_HOST: inject('firestoreHost'),
        },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const codesUrl = () => `${inject('siteUrl')}/api/users/generate-json-codes/`;

describe('npm run staff', () => {
  it('grants staff (claim and profile mirror), the API then lets them in; revoke takes it back', async () => {
    const auth = adminAuth(inject('authHost'));
    const db = adminFirestore(inject('firestoreHost'));
    await auth.setCustomUserClaims(DEMO.ion.uid, { locale: 'ro' });

    const granted = await staffCli('grant', 'Ion@Parroquia.test');
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain('ion@parroquia.test (donor-ion) now has staff rights');
    expect((await auth.getUser(DEMO.ion.uid)).customClaims).toEqual({ locale: 'ro', staff: true });
    expect((await db.collection('users').doc(DEMO.ion.uid).get()).get('is_staff')).toBe(true);
    expect(
      (await postJson(codesUrl(), await idTokenOf(inject('authHost'), DEMO.ion), { count: 1 }))
        .status,
    ).toBe(200);

    const listed = await staffCli('list');
    expect(listed.stdout).toContain('ion@parroquia.test  donor-ion');
    expect(listed.stdout).toContain('staff@parroquia.test  staff-demo');

    const revoked = await staffCli('revoke', 'ion@parroquia.test');
    expect(revoked.code).toBe(0);
    expect((await auth.getUser(DEMO.ion.uid)).customClaims).toEqual({ locale: 'ro' });
    expect((await db.collection('users').doc(DEMO.ion.uid).get()).get('is_staff')).toBe(false);
    expect(
      (await postJson(codesUrl(), await idTokenOf(inject('authHost'), DEMO.ion), { count: 1 }))
        .status,
    ).toBe(403);
    expect((await staffCli('list')).stdout).not.toContain('donor-ion');
    await auth.setCustomUserClaims(DEMO.ion.uid, null);
    // Four runs of the command line, each a Node process starting beside the other lane.
  }, 90_000);

  it('revoking staff refuses the tokens issued before at once: the API and the browser alike', async () => {
    const authHost = inject('authHost');
    const db = adminFirestore(inject('firestoreHost'));
    const account = await newAccount(authHost, { staff: true, emailVerified: true });
    await db.collection('users').doc(account.uid).set({ name: 'Sara', is_staff: true });
    const staffToken = await idTokenOf(authHost, { email: account.email, password: 'Prueba-2026' });
    const firestoreRead = () =>
      fetch(
        `http://${inject('firestoreHost')}/v1/projects/${PROJECT_ID}/databases/(default)/documents/staff_actions?pageSize=1`,
        { headers: { Authorization: `Bearer ${staffToken}` } },
      );
    expect((await postJson(codesUrl(), staffToken, { count: 1 })).status).toBe(200);
    expect((await firestoreRead()).status).toBe(200);

    const revoked = await staffCli('revoke', account.email);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain('sessions are revoked');
    // The very token that worked a moment ago, still within its hour.
    expect((await postJson(codesUrl(), staffToken, { count: 1 })).status).toBe(401);
    expect((await firestoreRead()).status).toBe(403);
  });

  it('grants an account without a profile yet, saying so', async () => {
    const account = await newAccount(inject('authHost'));
    const granted = await staffCli('grant', account.email);
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain('No users/{uid} profile yet');
    expect((await adminAuth(inject('authHost')).getUser(account.uid)).customClaims).toEqual({
      staff: true,
    });
  });

  it('fails clearly for an unknown e-mail or a wrong command', async () => {
    const unknown = await staffCli('grant', 'nadie@parroquia.test');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account with the e-mail nadie@parroquia.test');
    const wrong = await staffCli('promote', 'x@y.es');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Usage: npm run staff');
  });
});
