/**
 * The web SDK under Node:
 * - `firebase/firestore/lite` speaks REST (fetch) under Node: exercises src/http/rest.ts directly
 *   against our handler on the core backend;
 * - the full `firebase/firestore` speaks gRPC under Node: run against src/server.ts start(),
 *   with default settings and with experimentalForceLongPolling.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import * as full from 'firebase/firestore';
import * as lite from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../src/core/index.ts';
import { createHttpHandler } from '../../src/http/index.ts';
import { start, type RunningEmulator } from '../../src/server.ts';
import { listen } from './support.ts';

const rand = () => Math.random().toString(36).slice(2, 8);

describe('firebase/firestore/lite over REST (Node)', () => {
  let emu: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    emu = await listen(createHttpHandler(createBackend(), { exportData: async () => '' }));
  });
  afterAll(async () => emu?.stop());

  it('setDoc, getDoc, getDocs, updateDoc, deleteDoc, runTransaction, count', async () => {
    const app = initializeApp(
      { projectId: `demo-lite-${rand()}`, apiKey: 'fake' },
      `lite-${rand()}`,
    );
    const db = lite.getFirestore(app);
    lite.connectFirestoreEmulator(db, '127.0.0.1', emu.port);
    try {
      await lite.setDoc(lite.doc(db, 'c/a'), { x: 1, s: 'ñ', t: lite.serverTimestamp() });
      const a = await lite.getDoc(lite.doc(db, 'c/a'));
      expect(a.data()?.x).toBe(1);
      expect(a.data()?.s).toBe('ñ');
      expect(a.data()?.t).toBeInstanceOf(lite.Timestamp);
      expect((await lite.getDoc(lite.doc(db, 'c/missing'))).exists()).toBe(false);
      await lite.setDoc(lite.doc(db, 'c/b'), { x: 2 });
      const q = await lite.getDocs(lite.query(lite.collection(db, 'c'), lite.where('x', '==', 2)));
      expect(q.docs.map((d) => d.id)).toEqual(['b']);
      await lite.updateDoc(lite.doc(db, 'c/a'), { x: 5 });
      expect((await lite.getDoc(lite.doc(db, 'c/a'))).data()?.x).toBe(5);
      await expect(lite.updateDoc(lite.doc(db, 'c/nope'), { x: 1 })).rejects.toMatchObject({
        code: 'not-found',
      });
      const n = await lite.runTransaction(db, async (tx) => {
        const d = await tx.get(lite.doc(db, 'c/a'));
        tx.update(lite.doc(db, 'c/a'), { x: (d.data()?.x as number) + 1 });
        return (d.data()?.x as number) + 1;
      });
      expect(n).toBe(6);
      expect((await lite.getCount(lite.collection(db, 'c'))).data().count).toBe(2);
      await lite.deleteDoc(lite.doc(db, 'c/a'));
      expect((await lite.getDoc(lite.doc(db, 'c/a'))).exists()).toBe(false);
    } finally {
      await deleteApp(app);
    }
  });
});

describe('full web SDK under Node (gRPC via src/server.ts)', () => {
  let emu: RunningEmulator | undefined;
  beforeAll(async () => {
    emu = await start({ port: 0, host: '127.0.0.1', quiet: true });
  }, 60000);
  afterAll(async () => emu?.stop());

  for (const longPolling of [false, true]) {
    it(`CRUD, onSnapshot, runTransaction (experimentalForceLongPolling=${longPolling})`, async () => {
      const app = initializeApp(
        { projectId: `demo-node-${rand()}`, apiKey: 'fake' },
        `node-${rand()}`,
      );
      const db = full.initializeFirestore(
        app,
        longPolling ? { experimentalForceLongPolling: true } : {},
      );
      full.connectFirestoreEmulator(db, '127.0.0.1', emu!.port);
      const step = <T>(name: string, p: Promise<T>) =>
        Promise.race([
          p,
          new Promise<never>((_, rej) =>
            setTimeout(() => rej(new Error(`gRPC step '${name}' timed out`)), 8000),
          ),
        ]);
      try {
        await step('setDoc (gRPC Write stream)', full.setDoc(full.doc(db, 'c/a'), { x: 1 }));
        expect((await full.getDoc(full.doc(db, 'c/a'))).data()).toEqual({ x: 1 });
        const live: number[] = [];
        const got3 = new Promise<void>((resolve, reject) => {
          const unsub = full.onSnapshot(
            full.doc(db, 'c/live'),
            (s) => {
              if (s.exists()) live.push(s.data().v as number);
              if (s.exists() && s.data().v === 3 && !s.metadata.hasPendingWrites) {
                unsub();
                resolve();
              }
            },
            reject,
          );
        });
        await full.setDoc(full.doc(db, 'c/live'), { v: 1 });
        await full.updateDoc(full.doc(db, 'c/live'), { v: 2 });
        // a change from another client
        const app2 = initializeApp(
          { projectId: app.options.projectId, apiKey: 'fake' },
          `node2-${rand()}`,
        );
        const db2 = full.initializeFirestore(app2, {});
        full.connectFirestoreEmulator(db2, '127.0.0.1', emu!.port);
        await full.setDoc(full.doc(db2, 'c/live'), { v: 3 });
        await step('onSnapshot live change', got3);
        await deleteApp(app2);
        const q = await full.getDocs(
          full.query(full.collection(db, 'c'), full.where('x', '==', 1)),
        );
        expect(q.docs.map((d) => d.id)).toEqual(['a']);
        const n = await full.runTransaction(db, async (tx) => {
          const d = await tx.get(full.doc(db, 'c/a'));
          tx.update(full.doc(db, 'c/a'), { x: (d.data()?.x as number) + 1 });
          return (d.data()?.x as number) + 1;
        });
        expect(n).toBe(2);
        await full.deleteDoc(full.doc(db, 'c/a'));
        expect((await full.getDoc(full.doc(db, 'c/a'))).exists()).toBe(false);
      } finally {
        await full.terminate(db);
        await deleteApp(app);
      }
    });
  }
});
