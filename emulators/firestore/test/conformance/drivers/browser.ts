/**
 * Driver (c): the firebase 12 web SDK in headless Chromium (WebChannel + REST), driven through
 * the harness page. One browser per test file; each live client has its own BrowserContext so it
 * has its own HTTP connection pool (Chrome allows 6 connections per host, and every web client
 * keeps two hanging channel GETs open). A closed client's page, its SDK already loaded, goes back
 * to a pool for the next client (loading a fresh page cost 1-1.4 s a client): the harness ends
 * the client's listeners, Firestore and app first, and each client gets a new named app, so
 * nothing of one client is seen by the next. A page whose release failed, or that still has calls
 * waiting, is closed instead.
 */
import { chromiumLaunchOptions } from '@parroquia/testkit/chromium';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { emulatorHost, splitHost } from '../support/env.ts';
import {
  DriverError,
  type Client,
  type ClientOptions,
  type Driver,
  type Listener,
  type SerializedError,
} from '../support/types.ts';
import { bundleHarness } from '../harness/build.ts';
import { serveHarness, type StaticServer } from '../harness/server.ts';

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

type Result<T> = { ok: true; value: T } | { ok: false; error: SerializedError };

type Answer = Result<unknown>;
interface Waiter {
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

/** A page with the harness loaded, in its own context; `label` names its client in its logs. */
interface HarnessPage {
  context: BrowserContext;
  page: Page;
  label: { projectId: string };
}

function unwrap<T>(r: Result<T>): T {
  if (r.ok) return r.value;
  throw new DriverError(r.error.code, r.error.message);
}

export function browserDriver(opts: { longPolling: boolean }): Driver {
  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  const debug = !!process.env.CONFORMANCE_DEBUG;

  /** Each page's calls still waiting for their answer, by call id. */
  const waiting = new WeakMap<Page, Map<number, Waiter>>();
  let nextCall = 1;

  /** A page whose calls are answered through its `__harnessAnswer` binding. */
  async function answeredPage(context: BrowserContext): Promise<Page> {
    const waiters = new Map<number, Waiter>();
    await context.exposeBinding('__harnessAnswer', (_source, id: number, result: Answer) => {
      waiters.get(id)?.resolve(result);
      waiters.delete(id);
    });
    const page = await context.newPage();
    waiting.set(page, waiters);
    page.on('close', () => {
      for (const { reject } of waiters.values()) reject(new Error('the harness page closed'));
      waiters.clear();
    });
    return page;
  }

  /**
   * Runs `h[operation](...args)` in the page: started by a page.evaluate that returns at once,
   * answered through the binding (harness/page.ts says why).
   */
  async function invoke<T>(page: Page, operation: string, ...args: unknown[]): Promise<T> {
    const waiters = waiting.get(page);
    if (!waiters) throw new Error('not a harness page');
    const id = nextCall++;
    const answer = new Promise<Answer>((resolve, reject) => waiters.set(id, { resolve, reject }));
    await page.evaluate(
      ([i, o, a]) =>
        (
          globalThis as unknown as { h: { start(i: number, o: string, a: unknown[]): void } }
        ).h.start(i, o, a),
      [id, operation, args] as const,
    );
    return unwrap((await answer) as Result<T>);
  }

  /** Loaded harness pages with no client, ready for the next one. */
  const idle: HarnessPage[] = [];

  async function harnessPage(into: Browser, url: string): Promise<HarnessPage> {
    const context = await into.newContext();
    const page = await answeredPage(context);
    const label = { projectId: '' };
    if (debug) {
      page.on('console', (m) => console.log(`[page ${label.projectId}] ${m.type()}: ${m.text()}`));
    }
    page.on('pageerror', (e) => console.error(`[page ${label.projectId}] uncaught: ${e.message}`));
    await page.goto(url);
    return { context, page, label };
  }

  const call = <T>(page: Page, method: string, ...args: unknown[]): Promise<T> =>
    invoke<T>(page, 'call', method, args);

  return {
    name: opts.longPolling ? 'browser-longpoll' : 'browser',
    caps: { network: true, metadata: true },
    async setup() {
      const js = await bundleHarness();
      server = await serveHarness(js);
      browser = await launchChromium();
    },
    async teardown() {
      idle.length = 0;
      await browser?.close();
      await server?.close();
    },
    async client(projectId: string, options: ClientOptions = {}): Promise<Client> {
      if (!browser || !server) throw new Error('browser driver not set up');
      const { host, port } = splitHost(emulatorHost());
      const { context, page, label } = idle.pop() ?? (await harnessPage(browser, server.url));
      label.projectId = projectId;
      try {
        await invoke<boolean>(page, 'init', {
          projectId,
          host,
          port,
          longPolling: opts.longPolling,
          debug,
          mockUserToken: options.mockUserToken,
        });
      } catch (error) {
        await context.close();
        throw error;
      }
      const listen = async <E>(
        kind: 'doc' | 'query',
        path: string,
        spec?: unknown,
      ): Promise<Listener<E>> => {
        const id = await invoke<number>(page, 'listen', kind, path, spec);
        const events: E[] = [];
        let stopped = false;
        return {
          async events() {
            if (stopped) return events.slice();
            const r = await invoke<{ events: E[]; error?: SerializedError }>(
              page,
              'events',
              id,
              events.length,
            );
            events.push(...r.events);
            if (r.error) throw new DriverError(r.error.code, `listener error: ${r.error.message}`);
            return events.slice();
          },
          async stop() {
            if (stopped || page.isClosed()) return;
            stopped = true;
            await invoke<boolean>(page, 'unlisten', id);
          },
        };
      };
      return {
        set: (p, d, o) => call(page, 'set', p, d, o),
        get: (p) => call(page, 'get', p),
        update: (p, d) => call(page, 'update', p, d),
        delete: (p) => call(page, 'delete', p),
        add: (c, d) => call(page, 'add', c, d),
        query: (c, s) => call(page, 'query', c, s),
        batch: (ops) => call(page, 'batch', ops),
        count: (c, s) => call(page, 'count', c, s),
        transaction: (fn, args, o) =>
          invoke(page, 'transaction', fn.toString(), args as unknown, o ?? {}),
        listenDoc: (p) => listen('doc', p),
        listenQuery: (c, s) => listen('query', c, s),
        disableNetwork: () => call(page, 'disableNetwork'),
        enableNetwork: () => call(page, 'enableNetwork'),
        async close() {
          const released =
            !page.isClosed() && (await invoke<boolean>(page, 'release').catch(() => false));
          if (released && waiting.get(page)?.size === 0) idle.push({ context, page, label });
          else await context.close();
        },
      };
    },
  };
}
