/**
 * Browser harness: bundled with esbuild for the browser (firebase/app + the browser build of
 * firebase/firestore, which speaks WebChannel + REST) and driven with page.evaluate.
 * One Firestore client per page at a time; every call returns { ok, value } or { ok: false, error }.
 * `release` ends the client (its listeners, its Firestore, its app), so the driver can hand the
 * same loaded page to the next client instead of loading the SDK again.
 * The driver starts a call with `start`, which returns at once; the answer comes back through
 * the `__harnessAnswer` binding. (page.evaluate awaiting the call's promise instead failed now
 * and then with "Resulting promise was garbage collected": Chromium's inspector holds an awaited
 * promise only weakly.)
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  initializeFirestore,
  setLogLevel,
  terminate,
  type Firestore,
} from 'firebase/firestore';
import type { SerializedError, TxApi } from '../support/types.ts';
import { serializeError, webClient, type WebClient } from '../support/web-client.ts';

type Result<T> = { ok: true; value: T } | { ok: false; error: SerializedError };

let client: WebClient | undefined;
let current: { app: FirebaseApp; db: Firestore } | undefined;
/** Each client's app gets its own name: a page outlives its clients. */
let nextApp = 1;
let nextListener = 1;
const listeners = new Map<
  number,
  { events: unknown[]; error?: SerializedError; unsub: () => void }
>();

async function run<T>(f: () => Promise<T> | T): Promise<Result<T>> {
  try {
    return { ok: true, value: await f() };
  } catch (e) {
    return { ok: false, error: serializeError(e) };
  }
}

function need(): WebClient {
  if (!client) throw new Error('harness: init() was not called');
  return client;
}

const h = {
  init(cfg: {
    projectId: string;
    host: string;
    port: number;
    longPolling: boolean;
    debug?: boolean;
    mockUserToken?: { sub: string };
  }) {
    return run(() => {
      if (current) throw new Error('harness: init() while a client is live (release it first)');
      setLogLevel(cfg.debug ? 'debug' : 'silent');
      const app = initializeApp(
        { projectId: cfg.projectId, apiKey: 'fake-api-key', appId: '1:1:web:1' },
        `client-${nextApp++}`,
      );
      const db = initializeFirestore(
        app,
        cfg.longPolling ? { experimentalForceLongPolling: true } : {},
      );
      connectFirestoreEmulator(
        db,
        cfg.host,
        cfg.port,
        cfg.mockUserToken ? { mockUserToken: cfg.mockUserToken } : {},
      );
      client = webClient(db);
      current = { app, db };
      return true;
    });
  },
  /** Ends the page's client: its listeners, then its Firestore (closing its streams), then its app. */
  release() {
    return run(async () => {
      for (const entry of listeners.values()) entry.unsub();
      listeners.clear();
      const ending = current;
      client = undefined;
      current = undefined;
      if (ending) {
        await terminate(ending.db);
        await deleteApp(ending.app);
      }
      return true;
    });
  },
  call(method: string, args: unknown[]) {
    return run(() =>
      (need() as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!(...args),
    );
  },
  transaction(src: string, args: unknown, opts?: { maxAttempts?: number }) {
    return run(() => {
      // The scenario's callback, shipped as source text; it uses only its two parameters.
      const fn = (0, eval)(`(${src})`) as (tx: TxApi, a: unknown) => Promise<unknown>;
      return need().transaction(fn, args, opts);
    });
  },
  listen(kind: 'doc' | 'query', path: string, spec?: unknown) {
    return run(() => {
      const id = nextListener++;
      const entry: { events: unknown[]; error?: SerializedError; unsub: () => void } = {
        events: [],
        unsub: () => {},
      };
      listeners.set(id, entry);
      const push = (e: unknown) => entry.events.push(e);
      const fail = (e: SerializedError) => (entry.error = e);
      entry.unsub =
        kind === 'doc'
          ? need().listenDoc(path, push, fail)
          : need().listenQuery(path, (spec ?? {}) as never, push, fail);
      return id;
    });
  },
  events(id: number, from: number) {
    return run(() => {
      const e = listeners.get(id);
      if (!e) throw new Error(`no listener ${id}`);
      return { events: e.events.slice(from), error: e.error };
    });
  },
  unlisten(id: number) {
    return run(() => {
      listeners.get(id)?.unsub();
      listeners.delete(id);
      return true;
    });
  },
};

type Operation = Exclude<keyof typeof h, 'start'>;

declare const __harnessAnswer: (id: number, result: Result<unknown>) => void;

const harness = {
  ...h,
  /** Starts `h[operation](...args)`; its result is handed to the `__harnessAnswer` binding. */
  start(id: number, operation: Operation, args: unknown[]) {
    const method = h[operation] as (...a: unknown[]) => Promise<Result<unknown>>;
    void run(() => method(...args)).then((result) =>
      __harnessAnswer(id, result.ok ? (result.value as Result<unknown>) : result),
    );
  },
};

(globalThis as unknown as { h: typeof harness }).h = harness;
export type Harness = typeof harness;
