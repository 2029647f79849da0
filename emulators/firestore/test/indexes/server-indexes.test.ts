/**
 * The indexes file through the running emulator: firebase-admin (gRPC) and REST queries that
 * production would refuse get FAILED_PRECONDITION, a listener gets the error, the file is
 * reloaded on save, warn mode answers and writes `indexes-needed.json`, a bad file stops the
 * start, and no `--indexes` means no check.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningEmulator } from '../../src/server.ts';

const PROJECT = 'demo-indexes-server';
const INDEX_A_B = {
  indexes: [
    {
      collectionGroup: 'plots',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'row', order: 'ASCENDING' },
        { fieldPath: 'price', order: 'DESCENDING' },
      ],
    },
  ],
  fieldOverrides: [],
};

let dir: string;
const apps: App[] = [];
const running: RunningEmulator[] = [];

function adminFor(emu: RunningEmulator): Firestore {
  // firebase-admin reads the emulator's address when the Firestore instance is made.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emu.port}`;
  const app = initializeApp({ projectId: PROJECT }, `indexes-${apps.length}`);
  apps.push(app);
  const db = getFirestore(app);
  db.settings({ preferRest: false });
  return db;
}

async function emulator(options: Parameters<typeof start>[0]): Promise<RunningEmulator> {
  const emu = await start({ port: 0, quiet: true, ...options });
  running.push(emu);
  return emu;
}

const needsIndex = (db: Firestore) =>
  db.collection('plots').where('row', '==', 1).orderBy('price', 'desc');

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-indexes-'));
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  for (const emu of running) await emu.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('enforce mode', () => {
  let emu: RunningEmulator;
  let db: Firestore;
  let file: string;

  beforeAll(async () => {
    file = path.join(dir, 'firestore.indexes.json');
    fs.writeFileSync(file, JSON.stringify({ indexes: [], fieldOverrides: [] }));
    emu = await emulator({ indexes: file });
    db = adminFor(emu);
    await db.doc('plots/p1').set({ row: 1, price: 30 });
  });

  it('refuses a query that needs a composite index with FAILED_PRECONDITION, through firebase-admin', async () => {
    const error = (await needsIndex(db)
      .get()
      .then(
        () => undefined,
        (e: unknown) => e,
      )) as { code: number; details: string };
    expect(error.code).toBe(9);
    expect(error.details).toMatch(
      /^The query requires an index\. You can create it here: https:\/\/console\.firebase\.google\.com\/v1\/r\/project\/demo-indexes-server\/firestore\/indexes\?create_composite=/,
    );
    expect(error.details).toContain(
      'Or add to firestore.indexes.json: {"indexes":[{"collectionGroup":"plots","queryScope":"COLLECTION","fields":[{"fieldPath":"row","order":"ASCENDING"},{"fieldPath":"price","order":"DESCENDING"}]}],"fieldOverrides":[]}',
    );
    // The same query's count is refused too; single-field queries are served.
    await expect(needsIndex(db).count().get()).rejects.toMatchObject({ code: 9 });
    expect((await db.collection('plots').where('row', '==', 1).get()).size).toBe(1);
    expect((await db.collection('plots').orderBy('price', 'desc').get()).size).toBe(1);
  });

  it('answers REST runQuery 400 FAILED_PRECONDITION', async () => {
    const res = await fetch(
      `http://127.0.0.1:${emu.port}/v1/projects/${PROJECT}/databases/(default)/documents:runQuery`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify({
          structuredQuery: {
            from: [{ collectionId: 'plots' }],
            where: {
              fieldFilter: {
                field: { fieldPath: 'row' },
                op: 'EQUAL',
                value: { integerValue: '1' },
              },
            },
            orderBy: [{ field: { fieldPath: 'price' } }],
          },
        }),
      },
    );
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: { status: string; message: string } };
    expect(answer.error.status).toBe('FAILED_PRECONDITION');
    expect(answer.error.message).toMatch(/^The query requires an index\./);
  });

  it('fails a listener on such a query with the same error', async () => {
    const error = await new Promise<Error>((resolve) => {
      const unsubscribe = needsIndex(db).onSnapshot(
        () => {},
        (e) => {
          unsubscribe();
          resolve(e);
        },
      );
    });
    // firebase-admin reports a removed target as `Error <code>: <message>`.
    expect(error.message).toMatch(/^Error 9: The query requires an index\. /);
  });

  it('serves the query once the index is saved in the file (reloaded)', async () => {
    fs.writeFileSync(file, JSON.stringify(INDEX_A_B));
    await waitFor(() =>
      needsIndex(db)
        .get()
        .then(
          (snapshot) => snapshot.size === 1,
          () => false,
        ),
    );
    // A file that is not valid keeps the indexes in force.
    fs.writeFileSync(file, '{"indexes": [{}]}');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await needsIndex(db).get()).size).toBe(1);
  });
});

describe('warn mode', () => {
  it('answers, logs once, and gathers every needed index into indexes-needed.json beside the data', async () => {
    const file = path.join(dir, 'warn.indexes.json');
    const data = path.join(dir, 'warn-data');
    fs.writeFileSync(file, '{}');
    const lines: string[] = [];
    const original = console.error;
    console.error = (line: string) => void lines.push(String(line));
    try {
      const emu = await emulator({
        indexes: file,
        indexesMode: 'warn',
        exportOnExit: data,
        quiet: false,
      });
      const db = adminFor(emu);
      await db.doc('plots/p1').set({ row: 1, price: 30, tags: ['x'] });
      expect((await needsIndex(db).get()).size).toBe(1);
      expect((await needsIndex(db).get()).size).toBe(1);
      await db.collectionGroup('plots').where('row', '==', 1).get();
    } finally {
      console.error = original;
    }
    expect(lines.filter((l) => l.includes('production would refuse this query'))).toHaveLength(2);
    const needed = JSON.parse(fs.readFileSync(path.join(data, 'indexes-needed.json'), 'utf8'));
    expect(needed).toEqual({
      indexes: INDEX_A_B.indexes,
      fieldOverrides: [
        {
          collectionGroup: 'plots',
          fieldPath: 'row',
          indexes: [
            { queryScope: 'COLLECTION', order: 'ASCENDING' },
            { queryScope: 'COLLECTION', order: 'DESCENDING' },
            { queryScope: 'COLLECTION', arrayConfig: 'CONTAINS' },
            { queryScope: 'COLLECTION_GROUP', order: 'ASCENDING' },
          ],
        },
      ],
    });
  });
});

describe('start-up', () => {
  it('a file that is not valid stops the start with the entry that is wrong', async () => {
    const file = path.join(dir, 'bad.indexes.json');
    fs.writeFileSync(file, '{"indexes":[{"collectionGroup":"c","fields":[{"fieldPath":"a"}]}]}');
    await expect(start({ port: 0, quiet: true, indexes: file })).rejects.toThrow(
      /indexes\[0\]\.fields\[0\]: needs exactly one of order and arrayConfig/,
    );
  });

  it('without --indexes every query is answered', async () => {
    const db = adminFor(await emulator({}));
    await db.doc('plots/p1').set({ row: 1, price: 30 });
    expect((await needsIndex(db).get()).size).toBe(1);
  });
});
