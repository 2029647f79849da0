/**
 * Security rules in the browser (issue 7, step 5): the web SDK in Chromium against the emulator
 * with the product's `firestore.rules` loaded. The map listener on `cells` works signed out, a
 * donor's listener on another user's profile fails with `permission-denied`, and rules loaded
 * again while a listener is open apply to the requests that follow.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDriver } from './drivers/admin.ts';
import { browserDriver } from './drivers/browser.ts';
import { clearProject, emulatorUrl, newProjectId, waitFor } from './support/env.ts';
import { DriverError, type Client, type Driver, type QueryEvent } from './support/types.ts';

const PRODUCT_RULES = readFileSync(
  join(import.meta.dirname, '../../../../firestore.rules'),
  'utf8',
);
const CLOSED_CELLS = PRODUCT_RULES.replace(
  /match \/cells\/\{cellCode\} \{\s*allow read: if true;/,
  'match /cells/{cellCode} {\n      allow read: if false;',
);

async function loadRules(projectId: string, source: string): Promise<void> {
  const response = await fetch(`${emulatorUrl()}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: source }] } }),
  });
  if (!response.ok)
    throw new Error(`rules not loaded: ${response.status} ${await response.text()}`);
}

async function denialOf(operation: Promise<unknown>): Promise<string | undefined> {
  try {
    await operation;
    return undefined;
  } catch (error) {
    return error instanceof DriverError ? error.code : String(error);
  }
}

describe('security rules in the browser (web SDK in Chromium)', () => {
  const browser: Driver = browserDriver({ longPolling: false });
  const admin: Driver = adminDriver();
  const projectId = newProjectId('rules');
  const clients: Client[] = [];

  beforeAll(async () => {
    expect(PRODUCT_RULES).not.toBe(CLOSED_CELLS);
    await Promise.all([browser.setup(), admin.setup()]);
    await loadRules(projectId, PRODUCT_RULES);
    const owner = await admin.client(projectId);
    clients.push(owner);
    await owner.set('cells/K3', { status: 'available', user: null });
    await owner.set('cells/A1', { status: 'bought', user: 'ion' });
    await owner.set('users/ana', { name: 'Ana' });
    await owner.set('users/ion', { name: 'Ion' });
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => {});
    await Promise.all([browser.teardown(), admin.teardown()]);
    await clearProject(projectId);
  });

  it('the map listener on cells works signed out', async () => {
    const visitor = await browser.client(projectId);
    clients.push(visitor);
    const listener = await visitor.listenQuery('cells', {});
    const events = await waitFor('the cells snapshot from the server', async () => {
      const received = await listener.events();
      return received.some((event) => !event.fromCache) ? received : undefined;
    });
    const fromServer = events.find((event: QueryEvent) => !event.fromCache)!;
    expect(fromServer.docs.map((document) => document.id).sort()).toEqual(['A1', 'K3']);
    await listener.stop();
  });

  it("a donor's listener on another user's profile gets permission-denied", async () => {
    const ana = await browser.client(projectId, { mockUserToken: { sub: 'ana' } });
    clients.push(ana);
    expect((await ana.get('users/ana')).data).toEqual({ name: 'Ana' });
    const listener = await ana.listenDoc('users/ion');
    const code = await waitFor('the listener error', async () => {
      try {
        await listener.events();
        return undefined;
      } catch (error) {
        return error instanceof DriverError ? error.code : String(error);
      }
    });
    expect(code).toBe('permission-denied');
    expect(await denialOf(ana.update('cells/K3', { status: 'bought' }))).toBe('permission-denied');
  });

  it('rules loaded again while a listener is open apply to the next requests', async () => {
    const visitor = await browser.client(projectId);
    clients.push(visitor);
    const listener = await visitor.listenQuery('cells', {});
    await waitFor('the first cells snapshot', async () =>
      (await listener.events()).some((event) => !event.fromCache),
    );
    await loadRules(projectId, CLOSED_CELLS);
    try {
      // A new query on the open stream, and a new page: both are judged by the new rules. (The
      // SDK answers a query it already listens to from that listener, so that one is not asked.)
      expect(await denialOf(visitor.query('cells', { where: [['status', '==', 'bought']] }))).toBe(
        'permission-denied',
      );
      const newcomer = await browser.client(projectId);
      clients.push(newcomer);
      expect(await denialOf(newcomer.get('cells/K3'))).toBe('permission-denied');
    } finally {
      await loadRules(projectId, PRODUCT_RULES);
    }
    const later = await browser.client(projectId);
    clients.push(later);
    expect((await later.get('cells/K3')).data).toEqual({ status: 'available', user: null });
    await listener.stop().catch(() => {});
  });
});
