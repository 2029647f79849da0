/**
 * `resetTestStack`, which hands one running stack from a suite to the next (`npm test`, the
 * first lane): nothing a suite left is there for the next one, and the seed is as a start
 * leaves it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ID, ROOT } from '../src/local-stack/project.ts';
import type { Stack } from '../src/local-stack/start.ts';
import { chooseStackPorts, resetTestStack, startTestStack } from '../src/stack.ts';

const STRIPE_KEY = 'Bearer sk_test_reset';

let stack: Stack;
let app: App;
let db: Firestore;

beforeAll(async () => {
  // The Functions emulator loads the built functions; `npm test` has built them by now.
  if (!existsSync(join(ROOT, 'functions/lib/index.js'))) {
    spawnSync('npm', ['run', 'build', '-w', 'functions'], { cwd: ROOT, stdio: 'inherit' });
  }
  stack = await startTestStack(await chooseStackPorts());
  process.env.FIRESTORE_EMULATOR_HOST = stack.env.FIRESTORE_EMULATOR_HOST;
  app = initializeApp({ projectId: PROJECT_ID }, `reset-${Date.now()}`);
  db = getFirestore(app);
}, 180_000);

afterAll(async () => {
  await deleteApp(app);
  await stack?.stop();
}, 60_000);

async function signIn(email: string, password: string) {
  const response = await fetch(
    `http://${stack.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  return { ok: response.ok, body: (await response.json()) as { idToken?: string } };
}

function claimsOf(idToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8'));
}

async function checkoutSessions(): Promise<unknown[]> {
  const response = await fetch(`${stack.env.STRIPE_DOUBLE_URL}/v1/checkout/sessions`, {
    headers: { Authorization: STRIPE_KEY },
  });
  return ((await response.json()) as { data: unknown[] }).data;
}

describe('resetTestStack', () => {
  it('removes what a suite left in Auth, Firestore and the Stripe double, and writes the seed again', async () => {
    const cells = await db.collection('cells').get();
    const seeded = cells.docs[0]!;
    const intruder = await fetch(
      `http://${stack.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'left@parroquia.test', password: 'Left-2026' }),
      },
    );
    expect(intruder.ok).toBe(true);
    await db.collection('leftovers').doc('one').set({ by: 'the last suite' });
    await seeded.ref.update({ status: 'bought', user: 'left-behind' });
    const session = await fetch(`${stack.env.STRIPE_DOUBLE_URL}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { Authorization: STRIPE_KEY, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        mode: 'payment',
        success_url: 'http://localhost/success',
        'line_items[0][price_data][currency]': 'eur',
        'line_items[0][price_data][unit_amount]': '25000',
        'line_items[0][price_data][product_data][name]': 'Parcela',
        'line_items[0][quantity]': '1',
      }),
    });
    expect(session.ok).toBe(true);
    expect(await checkoutSessions()).toHaveLength(1);

    await resetTestStack(stack);

    expect((await signIn('left@parroquia.test', 'Left-2026')).ok).toBe(false);
    expect((await signIn('ana@parroquia.test', 'Donante-2026')).ok).toBe(true);
    const staff = await signIn('staff@parroquia.test', 'Personal-2026');
    expect(claimsOf(staff.body.idToken!).staff).toBe(true);
    expect((await db.collection('leftovers').get()).size).toBe(0);
    expect((await db.collection('cells').count().get()).data().count).toBe(cells.size);
    const again = (await seeded.ref.get()).data()!;
    expect({ status: again.status, user: again.user }).toEqual({
      status: seeded.data().status,
      user: seeded.data().user,
    });
    expect(await checkoutSessions()).toEqual([]);
  }, 120_000);
});
