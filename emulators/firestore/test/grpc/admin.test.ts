import { initializeApp, deleteApp, type App } from 'firebase-admin/app';
import {
  AggregateField,
  FieldValue,
  getFirestore,
  Timestamp,
  type Firestore,
} from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningEmulator } from '../../src/server.ts';

let emu: RunningEmulator;
let app: App;
let db: Firestore;

beforeAll(async () => {
  emu = await start({ port: 0, quiet: true });
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emu.port}`;
  app = initializeApp({ projectId: `grpc-admin-${process.pid}` }, `grpc-admin-${Date.now()}`);
  db = getFirestore(app);
});

afterAll(async () => {
  await db?.terminate();
  if (app) await deleteApp(app);
  await emu?.stop();
});

describe('firebase-admin over gRPC', () => {
  it('CRUD with preconditions and value types', async () => {
    const ref = db.doc('crud/a');
    await ref.create({
      s: 'x',
      n: 1,
      d: 1.5,
      b: true,
      nul: null,
      ts: Timestamp.fromMillis(1234),
      bytes: Buffer.from([1, 2]),
      arr: [1, 'a'],
      m: { k: 'v' },
      ref: db.doc('x/y'),
    });
    await expect(ref.create({})).rejects.toMatchObject({ code: 6 });
    await expect(db.doc('crud/none').update({ a: 1 })).rejects.toMatchObject({ code: 5 });
    await ref.update({ 'm.k2': 'v2', n: FieldValue.increment(1) });
    const snap = await ref.get();
    expect(snap.get('m')).toEqual({ k: 'v', k2: 'v2' });
    expect(snap.get('n')).toBe(2);
    expect(snap.get('ref').path).toBe('x/y');
    expect(snap.get('bytes')).toEqual(Buffer.from([1, 2]));
    const [a, missing] = await db.getAll(ref, db.doc('crud/none'));
    expect(a!.exists && !missing!.exists).toBe(true);
    await ref.delete();
    expect((await ref.get()).exists).toBe(false);
    await db.doc('crud/p/sub/c').set({ a: 1 });
    const cols = await db.doc('crud/p').listCollections();
    expect(cols.map((c) => c.id)).toEqual(['sub']);
    const docs = await db.collection('crud').listDocuments();
    expect(docs.map((d) => d.id)).toContain('p');
  });

  it('queries, aggregations, transforms', async () => {
    const col = db.collection('q');
    const batch = db.batch();
    for (let i = 0; i < 6; i++)
      batch.set(col.doc(`d${i}`), { i, even: i % 2 === 0, tags: [`t${i}`] });
    await batch.commit();
    expect(
      (await col.where('i', '>=', 2).orderBy('i', 'desc').limit(2).get()).docs.map((d) => d.id),
    ).toEqual(['d5', 'd4']);
    expect(
      (await col.where('even', '==', true).where('i', '!=', 0).get()).docs.map((d) => d.id),
    ).toEqual(['d2', 'd4']);
    expect((await col.where('tags', 'array-contains-any', ['t1', 't3']).get()).size).toBe(2);
    expect((await col.orderBy('i').startAfter(3).get()).docs.map((d) => d.id)).toEqual([
      'd4',
      'd5',
    ]);
    expect((await col.orderBy('i').limitToLast(2).get()).docs.map((d) => d.id)).toEqual([
      'd4',
      'd5',
    ]);
    expect((await db.collectionGroup('q').where('i', 'in', [1, 2]).get()).size).toBe(2);
    const agg = await col
      .aggregate({
        c: AggregateField.count(),
        s: AggregateField.sum('i'),
        a: AggregateField.average('i'),
      })
      .get();
    expect(agg.data()).toMatchObject({ c: 6, s: 15, a: 2.5 });
    expect((await col.count().get()).data().count).toBe(6);
    await col.doc('d0').update({
      tags: FieldValue.arrayUnion('z', 't0'),
      at: FieldValue.serverTimestamp(),
      i: FieldValue.increment(0.5),
    });
    const d0 = (await col.doc('d0').get()).data()!;
    expect(d0.tags).toEqual(['t0', 'z']);
    expect(d0.i).toBe(0.5);
    expect(d0.at).toBeInstanceOf(Timestamp);
  });

  it('20 concurrent runTransaction increments end at exactly 20', async () => {
    const ref = db.doc('tx/counter');
    await ref.set({ n: 0 });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.runTransaction(async (tx) => {
          const s = await tx.get(ref);
          tx.update(ref, { n: s.get('n') + 1 });
        }),
      ),
    );
    expect((await ref.get()).get('n')).toBe(20);
  });

  it('50 concurrent buyers: exactly one gets the plot', async () => {
    const ref = db.doc('plots/p1');
    await ref.set({ owner: null });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db.runTransaction(async (tx) => {
          const s = await tx.get(ref);
          if (s.get('owner')) return false;
          tx.update(ref, { owner: `buyer${i}` });
          return true;
        }),
      ),
    );
    expect(results.filter(Boolean).length).toBe(1);
    expect((await ref.get()).get('owner')).toMatch(/^buyer\d+$/);
  });

  it('onSnapshot receives added, modified, removed', async () => {
    const col = db.collection('live');
    await col.doc('a').set({ v: 1 });
    const events: string[] = [];
    let resolveNext: (() => void) | undefined;
    const next = () => new Promise<void>((r) => (resolveNext = r));
    let ready = next();
    const unsub = col.where('v', '>', 0).onSnapshot((snap) => {
      for (const c of snap.docChanges()) events.push(`${c.type}:${c.doc.id}`);
      resolveNext?.();
    });
    await ready;
    expect(events).toEqual(['added:a']);
    ready = next();
    await col.doc('b').set({ v: 2 });
    await ready;
    ready = next();
    await col.doc('a').update({ v: 5 });
    await ready;
    ready = next();
    await col.doc('b').update({ v: 0 });
    await ready;
    unsub();
    expect(events).toEqual(['added:a', 'added:b', 'modified:a', 'removed:b']);
  });
});
