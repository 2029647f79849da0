/* eslint-disable @typescript-eslint/no-explicit-any -- page.evaluate results are untyped */
/**
 * End to end through src/server.ts (one port: gRPC + HTTP/1.1): the Admin SDK (gRPC) commits,
 * the browser SDK in Chromium (WebChannel) sees it live, in streaming and long-polling modes.
 */
import { chromiumMissing } from '@parroquia/testkit/chromium';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningEmulator } from '../../src/server.ts';
import { bundlePage, launchChromium, servePage } from './browser/harness.ts';

const noChromium = chromiumMissing();
const why = noChromium ? ` (skipped: ${noChromium})` : '';

describe.skipIf(why !== '')(
  `Admin SDK (gRPC) -> browser onSnapshot (WebChannel) through src/server.ts${why}`,
  () => {
    let emu: RunningEmulator;
    let pageSrv: Awaited<ReturnType<typeof servePage>>;
    let browser: Browser;
    beforeAll(async () => {
      emu = await start({ port: 0, host: '127.0.0.1', quiet: true });
      pageSrv = await servePage(await bundlePage());
      browser = await launchChromium();
    }, 120000);
    afterAll(async () => {
      await browser?.close();
      await pageSrv?.stop();
      await emu?.stop();
    });

    for (const longPolling of [false, true]) {
      it(`longPolling=${longPolling}`, async () => {
        const projectId = `demo-e2e-${Math.random().toString(36).slice(2, 8)}`;
        const { initializeApp, deleteApp } = await import('firebase-admin/app');
        const { getFirestore } = await import('firebase-admin/firestore');
        const prev = process.env.FIRESTORE_EMULATOR_HOST;
        process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emu.port}`;
        const adminApp = initializeApp({ projectId }, `admin-${projectId}`);
        const adb = getFirestore(adminApp);
        const page = await browser.newPage();
        try {
          await page.goto(pageSrv.url);
          await page.waitForFunction('window.fbReady === true');
          await page.evaluate(
            ({ projectId, port, longPolling }) => {
              const fb = (globalThis as any).fb;
              const app = fb.initializeApp({
                projectId,
                apiKey: 'fake-api-key',
                appId: '1:1:web:1',
              });
              const db = fb.initializeFirestore(
                app,
                longPolling ? { experimentalForceLongPolling: true } : {},
              );
              fb.connectFirestoreEmulator(db, '127.0.0.1', port);
              const w = globalThis as any;
              w.db = db;
              w.seen = [];
              fb.onSnapshot(fb.collection(db, 'cells'), (s: any) =>
                w.seen.push({
                  docs: s.docs.map((d: any) => [d.id, d.data().status]),
                  fromCache: s.metadata.fromCache,
                }),
              );
            },
            { projectId, port: emu.port, longPolling },
          );
          await page.waitForFunction('window.seen.some((e) => !e.fromCache)', undefined, {
            timeout: 10000,
          });
          await adb.doc('cells/K3').set({ status: 'available' });
          await page.waitForFunction(
            'window.seen.some((e) => JSON.stringify(e.docs) === \'[["K3","available"]]\')',
            undefined,
            { timeout: 10000 },
          );
          await adb.runTransaction(async (tx) => {
            const d = await tx.get(adb.doc('cells/K3'));
            tx.update(d.ref, { status: 'bought' });
          });
          await page.waitForFunction(
            'window.seen.some((e) => JSON.stringify(e.docs) === \'[["K3","bought"]]\')',
            undefined,
            { timeout: 10000 },
          );
          // and the page's own REST transaction is visible to the Admin SDK
          await page.evaluate(async () => {
            const { fb, db } = globalThis as any;
            await fb.runTransaction(db, async (tx: any) => {
              const d = await tx.get(fb.doc(db, 'cells/K3'));
              tx.set(fb.doc(db, 'cells/K4'), { status: d.data().status });
            });
          });
          expect((await adb.doc('cells/K4').get()).data()).toEqual({ status: 'bought' });
        } finally {
          await page.close();
          await deleteApp(adminApp);
          if (prev === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
          else process.env.FIRESTORE_EMULATOR_HOST = prev;
        }
      });
    }
  },
);
