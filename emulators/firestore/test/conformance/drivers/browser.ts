/**
 * Driver (c): the firebase 12 web SDK in headless Chromium (WebChannel + REST), driven through
 * the harness page. One browser per test file; each client gets its own BrowserContext so it has
 * its own HTTP connection pool (Chrome allows 6 connections per host, and every web client keeps
 * two hanging channel GETs open).
 */
import { chromiumLaunchOptions } from '@parroquia/testkit/chromium';
import { chromium, type Browser, type Page } from 'playwright-core';
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

function unwrap<T>(r: Result<T>): T {
  if (r.ok) return r.value;
  throw new DriverError(r.error.code, r.error.message);
}

export function browserDriver(opts: { longPolling: boolean }): Driver {
  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  const debug = !!process.env.CONFORMANCE_DEBUG;

  async function call<T>(page: Page, method: string, ...args: unknown[]): Promise<T> {
    const r = await page.evaluate(
      ([m, a]) =>
        (
          globalThis as unknown as { h: { call(m: string, a: unknown[]): Promise<unknown> } }
        ).h.call(m, a),
      [method, args] as const,
    );
    return unwrap(r as Result<T>);
  }

  return {
    name: opts.longPolling ? 'browser-longpoll' : 'browser',
    caps: { network: true, metadata: true },
    async setup() {
      const js = await bundleHarness();
      server = await serveHarness(js);
      browser = await launchChromium();
    },
    async teardown() {
      await browser?.close();
      await server?.close();
    },
    async client(projectId: string, options: ClientOptions = {}): Promise<Client> {
      if (!browser || !server) throw new Error('browser driver not set up');
      const { host, port } = splitHost(emulatorHost());
      const context = await browser.newContext();
      const page = await context.newPage();
      if (debug) {
        page.on('console', (m) => console.log(`[page ${projectId}] ${m.type()}: ${m.text()}`));
      }
      page.on('pageerror', (e) => console.error(`[page ${projectId}] uncaught: ${e.message}`));
      await page.goto(server.url);
      unwrap(
        (await page.evaluate(
          (cfg) =>
            (globalThis as unknown as { h: { init(c: unknown): Promise<unknown> } }).h.init(cfg),
          {
            projectId,
            host,
            port,
            longPolling: opts.longPolling,
            debug,
            mockUserToken: options.mockUserToken,
          },
        )) as Result<boolean>,
      );
      const listen = async <E>(
        kind: 'doc' | 'query',
        path: string,
        spec?: unknown,
      ): Promise<Listener<E>> => {
        const id = unwrap(
          (await page.evaluate(
            ([k, p, s]) =>
              (
                globalThis as unknown as { h: { listen(...a: unknown[]): Promise<unknown> } }
              ).h.listen(k, p, s),
            [kind, path, spec] as const,
          )) as Result<number>,
        );
        const events: E[] = [];
        let stopped = false;
        return {
          async events() {
            if (stopped) return events.slice();
            const r = unwrap(
              (await page.evaluate(
                ([i, f]) =>
                  (
                    globalThis as unknown as {
                      h: { events(i: number, f: number): Promise<unknown> };
                    }
                  ).h.events(i, f),
                [id, events.length] as const,
              )) as Result<{ events: E[]; error?: SerializedError }>,
            );
            events.push(...r.events);
            if (r.error) throw new DriverError(r.error.code, `listener error: ${r.error.message}`);
            return events.slice();
          },
          async stop() {
            if (stopped || page.isClosed()) return;
            stopped = true;
            unwrap(
              (await page.evaluate(
                (i) =>
                  (
                    globalThis as unknown as { h: { unlisten(i: number): Promise<unknown> } }
                  ).h.unlisten(i),
                id,
              )) as Result<boolean>,
            );
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
        async transaction(fn, args, o) {
          const r = await page.evaluate(
            ([src, a, oo]) =>
              (
                globalThis as unknown as {
                  h: { transaction(s: string, a: unknown, o: unknown): Promise<unknown> };
                }
              ).h.transaction(src, a, oo),
            [fn.toString(), args as unknown, o ?? {}] as const,
          );
          return unwrap(r as Result<never>);
        },
        listenDoc: (p) => listen('doc', p),
        listenQuery: (c, s) => listen('query', c, s),
        disableNetwork: () => call(page, 'disableNetwork'),
        enableNetwork: () => call(page, 'enableNetwork'),
        async close() {
          if (!page.isClosed()) await call(page, 'terminate').catch(() => {});
          await context.close();
        },
      };
    },
  };
}
