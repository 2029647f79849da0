/**
 * firebase-admin features the web SDK has no API for: create(), getAll() (BatchGetDocuments),
 * write preconditions, and transactions with read-only documents. gRPC only.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, type Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { clearProject, emulatorHost, newProjectId } from './support/env.ts';

let seq = 0;
const opened: { db: Firestore; app: ReturnType<typeof initializeApp>; project: string }[] = [];

function open() {
  emulatorHost();
  const project = newProjectId('admx');
  const app = initializeApp({ projectId: project }, `admin-extras-${++seq}`);
  const db = getFirestore(app);
  opened.push({ db, app, project });
  return db;
}

afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.db.terminate();
    await deleteApp(o.app);
    await clearProject(o.project);
  }
});

describe('firebase-admin extras [admin]', () => {
  it('create() fails with ALREADY_EXISTS (code 6) on an existing document', async () => {
    const db = open();
    await db.doc('c/a').create({ v: 1 });
    await expect(db.doc('c/a').create({ v: 2 })).rejects.toMatchObject({ code: 6 });
    expect((await db.doc('c/a').get()).data()).toEqual({ v: 1 });
  });

  it('getAll() returns found and missing documents in request order', async () => {
    const db = open();
    await db.doc('c/a').set({ v: 1 });
    await db.doc('c/b').set({ v: 2 });
    const snaps = await db.getAll(db.doc('c/b'), db.doc('c/zz'), db.doc('c/a'));
    expect(snaps.map((s) => [s.id, s.exists, s.data() ?? null])).toEqual([
      ['b', true, { v: 2 }],
      ['zz', false, null],
      ['a', true, { v: 1 }],
    ]);
    expect(snaps[0]!.readTime.toMillis()).toBeGreaterThan(0);
  });

  it('createTime/updateTime: create keeps createTime, update advances updateTime', async () => {
    const db = open();
    const w1 = await db.doc('c/t').set({ v: 1 });
    const s1 = await db.doc('c/t').get();
    expect(s1.createTime!.isEqual(w1.writeTime)).toBe(true);
    const w2 = await db.doc('c/t').update({ v: 2 });
    const s2 = await db.doc('c/t').get();
    expect(s2.createTime!.isEqual(s1.createTime!)).toBe(true);
    expect(s2.updateTime!.isEqual(w2.writeTime)).toBe(true);
    expect(s2.updateTime!.toMillis()).toBeGreaterThanOrEqual(s1.updateTime!.toMillis());
    expect(w2.writeTime.valueOf() > w1.writeTime.valueOf()).toBe(true);
  });

  it('update with a stale lastUpdateTime precondition fails with FAILED_PRECONDITION (9)', async () => {
    const db = open();
    const w1 = await db.doc('c/p').set({ v: 1 });
    await db.doc('c/p').update({ v: 2 });
    await expect(
      db.doc('c/p').update({ v: 3 }, { lastUpdateTime: w1.writeTime }),
    ).rejects.toMatchObject({ code: 9 });
    const cur = await db.doc('c/p').get();
    await db.doc('c/p').update({ v: 4 }, { lastUpdateTime: cur.updateTime! });
    expect((await db.doc('c/p').get()).data()).toEqual({ v: 4 });
  });

  it('delete with exists precondition on a missing document fails with NOT_FOUND (5)', async () => {
    const db = open();
    await expect(db.doc('c/none').delete({ exists: true })).rejects.toMatchObject({ code: 5 });
  });

  it('serverTimestamp is the write time (within 1 s) and increment creates the field', async () => {
    const db = open();
    const w = await db
      .doc('c/ts')
      .set({ at: FieldValue.serverTimestamp(), n: FieldValue.increment(3) });
    const s = await db.doc('c/ts').get();
    // Firestore takes the time the request arrived (to the millisecond), not the commit time;
    // Google's emulator too, and ours the commit time cut to the millisecond.
    expect(Math.abs((s.get('at') as Timestamp).toMillis() - w.writeTime.toMillis())).toBeLessThan(
      1000,
    );
    expect(s.get('n')).toBe(3);
  });

  it('a transaction racing a plain write is serialised (no lost update)', async () => {
    const db = open();
    const ref = db.doc('c/tx');
    await ref.set({ v: 1 });
    let attempts = 0;
    let outside: Promise<unknown> | undefined;
    const out = await db.runTransaction(async (tx) => {
      attempts++;
      const s = await tx.get(ref);
      if (attempts === 1) {
        // Another writer changes the document while this transaction holds its read. With
        // pessimistic locking (production, Google's emulator) the outside write waits for the
        // transaction; with optimistic concurrency the transaction aborts and retries.
        outside = db.doc('c/tx').set({ v: 100 });
        await Promise.race([outside, new Promise((r) => setTimeout(r, 300))]);
      }
      tx.update(ref, { v: (s.get('v') as number) + 1 });
      return s.get('v') as number;
    });
    await outside;
    const final = (await ref.get()).get('v') as number;
    // Either serial order is fine: [tx, outside] -> (read 1, final 100); [outside, tx] -> (read 100, final 101).
    expect([
      [1, 100],
      [100, 101],
    ]).toContainEqual([out, final]);
  });
});
