/* eslint-disable @typescript-eslint/no-explicit-any -- page.evaluate results and raw wire JSON are untyped */
/**
 * The real web SDK (browser build, WebChannel + REST) in Debian's Chromium against our HTTP
 * handler, cross-origin (page and emulator on different ports), in streaming and forced
 * long-polling modes, on the core backend.
 */
import { chromiumMissing } from '@parroquia/testkit/chromium';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirestoreBackend } from '../../src/backend.ts';
import { createBackend } from '../../src/core/index.ts';
import { createHttpHandler } from '../../src/http/index.ts';
import { bundlePage, launchChromium, servePage } from './browser/harness.ts';
import { listen } from './support.ts';

const noChromium = chromiumMissing();
const hasChromium = !noChromium;
/** A skipped suite says why in its name. */
const skipped = noChromium ? ` (skipped: ${noChromium})` : '';

let backend: FirestoreBackend;
let emu: Awaited<ReturnType<typeof listen>>;
let pageSrv: Awaited<ReturnType<typeof servePage>>;
let browser: Browser;
const log: string[] = [];

beforeAll(async () => {
  if (!hasChromium) return;
  backend = createBackend();
  const handler = createHttpHandler(backend, { exportData: async () => '/tmp/x' });
  emu = await listen({
    handle(req, res) {
      log.push(`${req.method} ${req.url}`);
      handler.handle(req, res);
    },
    close: () => handler.close(),
  });
  pageSrv = await servePage(await bundlePage());
  browser = await launchChromium();
}, 120000);

afterAll(async () => {
  await browser?.close();
  await pageSrv?.stop();
  await emu?.stop();
});

async function openPage(longPolling: boolean): Promise<{ page: Page; projectId: string }> {
  const page = await browser.newPage();
  page.on('console', (m) => {
    if (process.env.FIRESTORE_EMULATOR_DEBUG) console.log('[page]', m.text());
  });
  await page.goto(pageSrv.url);
  await page.waitForFunction(
    () => (globalThis as unknown as { fbReady?: boolean }).fbReady === true,
  );
  const projectId = `demo-http-${Math.random().toString(36).slice(2, 8)}`;
  await page.evaluate(
    ({ projectId, port, longPolling, debug }) => {
      const fb = (globalThis as any).fb;
      if (debug) fb.setLogLevel('debug');
      const app = fb.initializeApp({ projectId, apiKey: 'fake-api-key', appId: '1:1:web:1' });
      const db = fb.initializeFirestore(
        app,
        longPolling ? { experimentalForceLongPolling: true } : {},
      );
      fb.connectFirestoreEmulator(db, '127.0.0.1', port);
      (globalThis as any).db = db;
    },
    { projectId, port: emu.port, longPolling, debug: !!process.env.FIRESTORE_EMULATOR_DEBUG },
  );
  return { page, projectId };
}

for (const mode of ['streaming', 'long-polling'] as const) {
  describe.skipIf(!hasChromium)(`Chromium web SDK over WebChannel (${mode})${skipped}`, () => {
    it('getDoc, setDoc, onSnapshot', async () => {
      const { page, projectId } = await openPage(mode === 'long-polling');
      const from = log.length;
      const r = await page.evaluate(async () => {
        const { fb, db } = globalThis as any;
        const missing = await fb.getDoc(fb.doc(db, 'c/missing'));
        await fb.setDoc(fb.doc(db, 'c/a'), { x: 1, s: 'ñandú 😀' });
        return { missingExists: missing.exists(), missingFromCache: missing.metadata.fromCache };
      });
      expect(r).toEqual({ missingExists: false, missingFromCache: false });
      const sent = log.slice(from);
      const backGets = sent.filter((l) => l.startsWith('GET') && l.includes('TYPE=xmlhttp'));
      expect(backGets.length).toBeGreaterThan(0);
      if (mode === 'long-polling') expect(backGets.every((l) => l.includes('CI=1'))).toBe(true);
      else expect(backGets.some((l) => l.includes('CI=0'))).toBe(true);

      const step = <T>(name: string, fn: () => Promise<T>) =>
        Promise.race([
          fn(),
          new Promise<never>((_, rej) =>
            setTimeout(() => rej(new Error(`step ${name} timed out (${mode})`)), 8000),
          ),
        ]);
      const data = await step('getDoc', () =>
        page.evaluate(async () => {
          const { fb, db } = globalThis as any;
          return (await fb.getDoc(fb.doc(db, 'c/a'))).data();
        }),
      );
      expect(data).toEqual({ x: 1, s: 'ñandú 😀' });
      // onSnapshot: the page's own writes, then a change committed by another client (the backend directly)
      await step('onSnapshot', () =>
        page.evaluate(async () => {
          const { fb, db } = globalThis as any;
          const w = globalThis as any;
          w.events = [];
          w.unsub = fb.onSnapshot(
            fb.doc(db, 'c/live'),
            { includeMetadataChanges: true },
            (s: any) => {
              w.events.push({
                exists: s.exists(),
                data: s.data() ?? null,
                fromCache: s.metadata.fromCache,
                pending: s.metadata.hasPendingWrites,
              });
            },
          );
          await fb.setDoc(fb.doc(db, 'c/live'), { v: 1 });
          await fb.updateDoc(fb.doc(db, 'c/live'), { v: 2 });
        }),
      );
      const waitEvent = (pred: string) =>
        step(`event ${pred}`, () =>
          page.waitForFunction(`(window.events || []).some((e) => ${pred})`, undefined, {
            timeout: 7000,
          }),
        );
      await waitEvent('e.exists && e.data.v === 2 && !e.pending && !e.fromCache');
      await backend.commit({
        database: `projects/${projectId}/databases/(default)`,
        writes: [
          {
            update: {
              name: `projects/${projectId}/databases/(default)/documents/c/live`,
              fields: { v: { integerValue: '3' } },
            },
          },
        ],
      });
      await waitEvent('e.exists && e.data.v === 3 && !e.pending && !e.fromCache');
      await page.evaluate(() => (globalThis as any).unsub());
      const queryIds = await step('getDocs', () =>
        page.evaluate(async () => {
          const { fb, db } = globalThis as any;
          const q = await fb.getDocs(fb.query(fb.collection(db, 'c'), fb.where('x', '==', 1)));
          return q.docs.map((d: any) => d.id);
        }),
      );
      expect(queryIds).toEqual(['a']);
      const n = await step('runTransaction', () =>
        page.evaluate(async () => {
          const { fb, db } = globalThis as any;
          return fb.runTransaction(db, async (tx: any) => {
            const d = await tx.get(fb.doc(db, 'c/counter'));
            const next = (d.exists() ? d.data().n : 0) + 1;
            tx.set(fb.doc(db, 'c/counter'), { n: next });
            return next;
          });
        }),
      );
      expect(n).toBe(1);
      const count = await step('count', () =>
        page.evaluate(async () => {
          const { fb, db } = globalThis as any;
          return (await fb.getCountFromServer(fb.collection(db, 'c'))).data().count;
        }),
      );
      expect(count).toBe(3);
      const deleted = await step('deleteDoc', () =>
        page.evaluate(async () => {
          const { fb, db } = globalThis as any;
          await fb.deleteDoc(fb.doc(db, 'c/live'));
          return !(await fb.getDoc(fb.doc(db, 'c/live'))).exists();
        }),
      );
      expect(deleted).toBe(true);
      await page.close();
    });

    it('query onSnapshot follows documents entering and leaving the result', async () => {
      const { page, projectId } = await openPage(mode === 'long-polling');
      const db = `projects/${projectId}/databases/(default)`;
      const put = (id: string, status: string) =>
        backend.commit({
          database: db,
          writes: [
            {
              update: {
                name: `${db}/documents/cells/${id}`,
                fields: { status: { stringValue: status } },
              },
            },
          ],
        });
      await put('A1', 'available');
      await put('A2', 'available');
      await put('A3', 'bought');
      await page.evaluate(() => {
        const { fb, db } = globalThis as any;
        const w = globalThis as any;
        w.qs = [];
        w.unsubQ = fb.onSnapshot(
          fb.query(fb.collection(db, 'cells'), fb.where('status', '==', 'available')),
          (s: any) => {
            w.qs.push({ ids: s.docs.map((d: any) => d.id), fromCache: s.metadata.fromCache });
          },
        );
      });
      const waitIds = (ids: string[]) =>
        page.waitForFunction(
          `(window.qs || []).some((e) => !e.fromCache && JSON.stringify(e.ids) === ${JSON.stringify(JSON.stringify(ids))})`,
          undefined,
          { timeout: 7000 },
        );
      await waitIds(['A1', 'A2']);
      await put('A1', 'held');
      await waitIds(['A2']);
      await put('A4', 'available');
      await waitIds(['A2', 'A4']);
      await backend.commit({ database: db, writes: [{ delete: `${db}/documents/cells/A2` }] });
      await waitIds(['A4']);
      await page.evaluate(() => (globalThis as any).unsubQ());
      await page.close();
    });

    it('in-band write errors, transaction retry after a conflicting commit', async () => {
      const { page, projectId } = await openPage(mode === 'long-polling');
      const name = (id: string) => `projects/${projectId}/databases/(default)/documents/${id}`;
      let bumps = 0;
      await page.exposeFunction('bump', async () => {
        bumps++;
        await backend.commit({
          database: `projects/${projectId}/databases/(default)`,
          writes: [
            {
              update: {
                name: name('t/other'),
                fields: { n: { integerValue: String(100 + bumps) } },
              },
            },
          ],
        });
      });
      const r = await page.evaluate(async () => {
        const { fb, db } = globalThis as any;
        let err = '';
        try {
          await fb.updateDoc(fb.doc(db, 't/missing'), { x: 1 });
        } catch (e: any) {
          err = e.code;
        }
        // the write stream recovers: later writes still succeed
        await fb.setDoc(fb.doc(db, 't/ok'), { y: 1 });
        await fb.setDoc(fb.doc(db, 't/other'), { n: 1 });
        let attempts = 0;
        const result = await fb.runTransaction(db, async (tx: any) => {
          attempts++;
          const other = await tx.get(fb.doc(db, 't/other')); // read, not written: sent as `verify`
          const ok = await tx.get(fb.doc(db, 't/ok'));
          if (attempts === 1) await (globalThis as any).bump(); // conflicting commit between read and commit
          tx.update(fb.doc(db, 't/ok'), { y: ok.data().y + other.data().n });
          return other.data().n;
        });
        const final = (await fb.getDoc(fb.doc(db, 't/ok'))).data();
        return { err, attempts, result, final };
      });
      expect(r.err).toBe('not-found');
      expect(r.attempts).toBe(2);
      expect(r.result).toBe(101);
      expect(r.final).toEqual({ y: 102 });
      await page.close();
    });
  });
}

describe.skipIf(!hasChromium || !!process.env.HTTP_TEST_FAST)(
  `idle channels (keepalive noop, long-poll hold)${
    skipped || (process.env.HTTP_TEST_FAST ? ' (skipped: HTTP_TEST_FAST is set)' : '')
  }`,
  () => {
    it('listeners in both modes still receive changes after 33 s of silence', async () => {
      const pages = await Promise.all([openPage(false), openPage(true)]);
      for (const { page } of pages) {
        await page.evaluate(() => {
          const { fb, db } = globalThis as any;
          const w = globalThis as any;
          w.idle = [];
          w.unsubIdle = fb.onSnapshot(fb.doc(db, 'idle/x'), (s: any) =>
            w.idle.push({ v: s.exists() ? s.data().v : null, fromCache: s.metadata.fromCache }),
          );
        });
        await page.waitForFunction('(window.idle || []).some((e) => !e.fromCache)', undefined, {
          timeout: 7000,
        });
      }
      const before = log.length;
      await new Promise((r) => setTimeout(r, 33000));
      const during = log.slice(before);
      // long-poll: the held GET was answered (noop) and re-issued; streaming: no new handshake needed
      expect(during.some((l) => l.includes('CI=1'))).toBe(true);
      expect(during.filter((l) => l.startsWith('POST') && l.includes('CVER=22')).length).toBe(0);
      for (const { page, projectId } of pages) {
        const db = `projects/${projectId}/databases/(default)`;
        await backend.commit({
          database: db,
          writes: [
            { update: { name: `${db}/documents/idle/x`, fields: { v: { integerValue: '7' } } } },
          ],
        });
        await page.waitForFunction(
          '(window.idle || []).some((e) => e.v === 7 && !e.fromCache)',
          undefined,
          { timeout: 7000 },
        );
        await page.close();
      }
    }, 60000);
  },
);
