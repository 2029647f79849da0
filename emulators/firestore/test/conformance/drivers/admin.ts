/** Driver (a): firebase-admin 14 over gRPC. */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import {
  FieldValue,
  Timestamp,
  getFirestore,
  type Firestore,
  type Query,
  type Settings,
} from 'firebase-admin/firestore';
import { collectingListener } from '../support/listener.ts';
import { emulatorHost } from '../support/env.ts';
import {
  DriverError,
  type Client,
  type Data,
  type DocEvent,
  type Driver,
  type QueryEvent,
  type QuerySpec,
  type TxApi,
} from '../support/types.ts';
import { decode, encode, type SdkValues } from '../support/values.ts';

const values: SdkValues = {
  serverTimestamp: () => FieldValue.serverTimestamp(),
  increment: (n) => FieldValue.increment(n),
  arrayUnion: (...v) => FieldValue.arrayUnion(...v),
  arrayRemove: (...v) => FieldValue.arrayRemove(...v),
  deleteField: () => FieldValue.delete(),
  isTimestamp: (v) => v instanceof Timestamp,
  timestamp: (s, n) => new Timestamp(s, n),
};
const enc = (d: Data) => encode(d, values) as Data;
const dec = (d: unknown) => decode(d, values) as Data;

const CODE_NAMES = [
  'ok',
  'cancelled',
  'unknown',
  'invalid-argument',
  'deadline-exceeded',
  'not-found',
  'already-exists',
  'permission-denied',
  'resource-exhausted',
  'failed-precondition',
  'aborted',
  'out-of-range',
  'unimplemented',
  'internal',
  'unavailable',
  'data-loss',
  'unauthenticated',
];

function toDriverError(e: unknown): DriverError {
  if (e instanceof DriverError) return e;
  const err = e as { code?: unknown; message?: unknown };
  const code =
    typeof err?.code === 'number'
      ? CODE_NAMES[err.code]
      : typeof err?.code === 'string'
        ? err.code
        : undefined;
  return new DriverError(code, String(err?.message ?? e));
}

async function wrap<T>(p: () => Promise<T>): Promise<T> {
  try {
    return await p();
  } catch (e) {
    throw toDriverError(e);
  }
}

function buildQuery(db: Firestore, coll: string, spec: QuerySpec): Query {
  let q: Query = spec.group ? db.collectionGroup(coll) : db.collection(coll);
  for (const [f, op, v] of spec.where ?? []) q = q.where(f, op, encode(v, values));
  for (const [f, dir] of spec.orderBy ?? []) q = q.orderBy(f, dir ?? 'asc');
  if (spec.startAt) q = q.startAt(...spec.startAt);
  if (spec.startAfter) q = q.startAfter(...spec.startAfter);
  if (spec.endAt) q = q.endAt(...spec.endAt);
  if (spec.endBefore) q = q.endBefore(...spec.endBefore);
  if (spec.limit !== undefined) q = q.limit(spec.limit);
  if (spec.limitToLast !== undefined) q = q.limitToLast(spec.limitToLast);
  return q;
}

let appSeq = 0;

export interface AdminDriverOptions {
  /**
   * Retry a failed query stream (runQuery, runAggregationQuery, batchGetDocuments) only on the
   * codes Firestore's client config lists for it (DEADLINE_EXCEEDED, INTERNAL, UNAVAILABLE), not
   * on every error. By default google-gax sends such a stream through `retry-request`, which
   * retries any error that comes before the first answer twice, after about 1-2 s and 2-3 s,
   * whatever its code: a refused query (INVALID_ARGUMENT) comes back after ~7 s, from Google's
   * emulator as from ours. The outcome is the same either way; only the wait differs.
   */
  retryByCode?: boolean;
}

export function adminDriver(options: AdminDriverOptions = {}): Driver {
  return {
    name: 'admin',
    caps: { network: false, metadata: false },
    async setup() {
      emulatorHost(); // exports FIRESTORE_EMULATOR_HOST for the SDK
    },
    async teardown() {},
    async client(projectId: string): Promise<Client> {
      emulatorHost();
      const app = initializeApp({ projectId }, `conf-admin-${++appSeq}-${projectId}`);
      const db = getFirestore(app);
      // A gapic client option that Firestore's settings hand on; not in its typings.
      if (options.retryByCode) db.settings({ gaxServerStreamingRetries: true } as Settings);
      return {
        set: (path, data, opts) =>
          wrap(async () => void (await db.doc(path).set(enc(data), { merge: !!opts?.merge }))),
        get: (path) =>
          wrap(async () => {
            const s = await db.doc(path).get();
            return { id: s.id, exists: s.exists, data: s.exists ? dec(s.data()) : null };
          }),
        update: (path, data) => wrap(async () => void (await db.doc(path).update(enc(data)))),
        delete: (path) => wrap(async () => void (await db.doc(path).delete())),
        add: (coll, data) => wrap(async () => (await db.collection(coll).add(enc(data))).id),
        query: (coll, spec) =>
          wrap(async () => {
            const s = await buildQuery(db, coll, spec).get();
            return s.docs.map((d) => ({ id: d.id, exists: true, data: dec(d.data()) }));
          }),
        count: (coll, spec) =>
          wrap(async () => (await buildQuery(db, coll, spec).count().get()).data().count),
        batch: (ops) =>
          wrap(async () => {
            const b = db.batch();
            for (const o of ops) {
              if (o.op === 'set') b.set(db.doc(o.path), enc(o.data), { merge: !!o.merge });
              else if (o.op === 'update') b.update(db.doc(o.path), enc(o.data));
              else b.delete(db.doc(o.path));
            }
            await b.commit();
          }),
        transaction: (fn, args, opts) =>
          wrap(async () => {
            let attempts = 0;
            const result = await db.runTransaction(
              async (t) => {
                attempts++;
                const api: TxApi = {
                  async get(path) {
                    const s = await t.get(db.doc(path));
                    return { exists: s.exists, data: s.exists ? dec(s.data()) : null };
                  },
                  set(path, data) {
                    t.set(db.doc(path), enc(data));
                  },
                  update(path, data) {
                    t.update(db.doc(path), enc(data));
                  },
                  delete(path) {
                    t.delete(db.doc(path));
                  },
                };
                return fn(api, args);
              },
              opts?.maxAttempts ? { maxAttempts: opts.maxAttempts } : undefined,
            );
            return { result, attempts };
          }),
        listenDoc: async (path) =>
          collectingListener<DocEvent>((push, fail) =>
            db.doc(path).onSnapshot(
              (s) =>
                push({
                  exists: s.exists,
                  data: s.exists ? dec(s.data()) : null,
                  fromCache: false,
                  hasPendingWrites: false,
                }),
              (e) => fail({ code: toDriverError(e).code, message: e.message }),
            ),
          ),
        listenQuery: async (coll, spec) =>
          collectingListener<QueryEvent>((push, fail) =>
            buildQuery(db, coll, spec).onSnapshot(
              (s) =>
                push({
                  docs: s.docs.map((d) => ({ id: d.id, data: dec(d.data()) })),
                  changes: s
                    .docChanges()
                    .map((c) => ({ type: c.type, id: c.doc.id, data: dec(c.doc.data()) })),
                  fromCache: false,
                  hasPendingWrites: false,
                }),
              (e) => fail({ code: toDriverError(e).code, message: e.message }),
            ),
          ),
        async close() {
          await db.terminate();
          await deleteApp(app);
        },
      };
    },
  };
}
