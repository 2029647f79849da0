/** The web SDK running in Node speaks gRPC, including the bidi Write stream. */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  increment,
  initializeFirestore,
  onSnapshot,
  runTransaction,
  setDoc,
  terminate,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { start, type RunningEmulator } from '../../src/server.ts';

let emu: RunningEmulator;
let app: FirebaseApp;
let db: Firestore;

beforeAll(async () => {
  emu = await start({ port: 0, quiet: true });
  app = initializeApp(
    { projectId: `grpc-web-${process.pid}`, apiKey: 'fake' },
    `grpc-web-${Date.now()}`,
  );
  db = initializeFirestore(app, {});
  connectFirestoreEmulator(db, '127.0.0.1', emu.port);
});

afterAll(async () => {
  await terminate(db);
  await deleteApp(app);
  await emu.stop();
});

it('writes over the Write stream, listens, and runs transactions', async () => {
  const seen: number[] = [];
  let resolve!: () => void;
  const got3 = new Promise<void>((r) => (resolve = r));
  const unsub = onSnapshot(collection(db, 'w'), { includeMetadataChanges: false }, (s) => {
    if (s.metadata.hasPendingWrites || s.metadata.fromCache) return;
    const v = s.docs[0]?.get('n');
    if (typeof v === 'number') seen.push(v);
    if (v === 3) resolve();
  });
  await setDoc(doc(db, 'w/a'), { n: 1 });
  await updateDoc(doc(db, 'w/a'), { n: increment(1) });
  await runTransaction(db, async (tx) => {
    const s = await tx.get(doc(db, 'w/a'));
    tx.update(doc(db, 'w/a'), { n: s.get('n') + 1 });
  });
  await got3;
  unsub();
  expect((await getDoc(doc(db, 'w/a'))).get('n')).toBe(3);
  expect(seen[seen.length - 1]).toBe(3);
  await expect(updateDoc(doc(db, 'w/missing'), { n: 1 })).rejects.toMatchObject({
    code: 'not-found',
  });
});
