/** Driver (b): the firebase 12 web SDK running in Node (it speaks gRPC there). */
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, initializeFirestore, setLogLevel } from 'firebase/firestore';
import { collectingListener } from '../support/listener.ts';
import { emulatorHost, splitHost } from '../support/env.ts';
import { DriverError, type Client, type Driver } from '../support/types.ts';
import { serializeError, webClient } from '../support/web-client.ts';

async function wrap<T>(p: () => Promise<T>): Promise<T> {
  try {
    return await p();
  } catch (e) {
    if (e instanceof DriverError) throw e;
    const s = serializeError(e);
    throw new DriverError(s.code, s.message);
  }
}

let appSeq = 0;

export function webNodeDriver(): Driver {
  return {
    name: 'web-node',
    caps: { network: true, metadata: true },
    async setup() {
      setLogLevel(process.env.CONFORMANCE_DEBUG ? 'debug' : 'silent');
    },
    async teardown() {},
    async client(projectId: string): Promise<Client> {
      const { host, port } = splitHost(emulatorHost());
      const app = initializeApp(
        { projectId, apiKey: 'fake-api-key', appId: '1:1:web:1' },
        `conf-web-${++appSeq}`,
      );
      const db = initializeFirestore(app, {});
      connectFirestoreEmulator(db, host, port);
      const w = webClient(db);
      return {
        set: (p, d, o) => wrap(() => w.set(p, d, o)),
        get: (p) => wrap(() => w.get(p)),
        update: (p, d) => wrap(() => w.update(p, d)),
        delete: (p) => wrap(() => w.delete(p)),
        add: (c, d) => wrap(() => w.add(c, d)),
        query: (c, s) => wrap(() => w.query(c, s)),
        batch: (ops) => wrap(() => w.batch(ops)),
        count: (c, s) => wrap(() => w.count(c, s)),
        transaction: (fn, args, opts) => wrap(() => w.transaction(fn, args, opts)),
        listenDoc: async (p) => collectingListener((push, fail) => w.listenDoc(p, push, fail)),
        listenQuery: async (c, s) =>
          collectingListener((push, fail) => w.listenQuery(c, s, push, fail)),
        disableNetwork: () => wrap(() => w.disableNetwork()),
        enableNetwork: () => wrap(() => w.enableNetwork()),
        async close() {
          await w.terminate();
          await deleteApp(app);
        },
      };
    },
  };
}
