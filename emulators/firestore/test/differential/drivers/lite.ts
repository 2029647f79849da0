/**
 * The lite web SDK (`firebase/firestore/lite`, REST only, no listeners) behind the conformance
 * Client interface, for the differential table. Listeners and transactions are not offered.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import {
  Timestamp,
  arrayRemove,
  arrayUnion,
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  deleteDoc,
  deleteField,
  doc,
  endAt,
  endBefore,
  getCount,
  getDoc,
  getDocs,
  getFirestore,
  increment,
  limit,
  limitToLast,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  startAfter,
  startAt,
  terminate,
  updateDoc,
  where,
  writeBatch,
  type QueryConstraint,
} from 'firebase/firestore/lite';
import { emulatorHost, splitHost } from '../../conformance/support/env.ts';
import {
  DriverError,
  type Client,
  type Data,
  type Driver,
  type QuerySpec,
} from '../../conformance/support/types.ts';
import { decode, encode, type SdkValues } from '../../conformance/support/values.ts';

const values: SdkValues = {
  serverTimestamp,
  increment,
  arrayUnion,
  arrayRemove,
  deleteField,
  isTimestamp: (value) => value instanceof Timestamp,
  timestamp: (seconds, nanos) => new Timestamp(seconds, nanos),
};
const enc = (data: Data) => encode(data, values) as Data;
const dec = (data: unknown) => decode(data, values) as Data;

async function wrap<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const failure = error as { code?: unknown; message?: unknown };
    throw new DriverError(
      typeof failure.code === 'string' ? failure.code : undefined,
      String(failure.message ?? error),
    );
  }
}

const unsupported = () => Promise.reject(new Error('not offered by the lite SDK'));
let appSequence = 0;

export function liteDriver(): Driver {
  return {
    name: 'lite',
    caps: { network: false, metadata: false },
    async setup() {},
    async teardown() {},
    async client(projectId: string): Promise<Client> {
      const { host, port } = splitHost(emulatorHost());
      const app = initializeApp(
        { projectId, apiKey: 'fake-api-key', appId: '1:1:web:1' },
        `diff-lite-${++appSequence}`,
      );
      const db = getFirestore(app);
      connectFirestoreEmulator(db, host, port);
      const constraints = (spec: QuerySpec): QueryConstraint[] => {
        const out: QueryConstraint[] = [];
        for (const [field, op, value] of spec.where ?? [])
          out.push(where(field, op, encode(value, values)));
        for (const [field, direction] of spec.orderBy ?? [])
          out.push(orderBy(field, direction ?? 'asc'));
        if (spec.startAt) out.push(startAt(...spec.startAt));
        if (spec.startAfter) out.push(startAfter(...spec.startAfter));
        if (spec.endAt) out.push(endAt(...spec.endAt));
        if (spec.endBefore) out.push(endBefore(...spec.endBefore));
        if (spec.limit !== undefined) out.push(limit(spec.limit));
        if (spec.limitToLast !== undefined) out.push(limitToLast(spec.limitToLast));
        return out;
      };
      const q = (path: string, spec: QuerySpec) =>
        query(spec.group ? collectionGroup(db, path) : collection(db, path), ...constraints(spec));
      return {
        set: (path, data, options) =>
          wrap(() => setDoc(doc(db, path), enc(data), { merge: !!options?.merge })),
        get: (path) =>
          wrap(async () => {
            const snapshot = await getDoc(doc(db, path));
            return {
              id: snapshot.id,
              exists: snapshot.exists(),
              data: snapshot.exists() ? dec(snapshot.data()) : null,
            };
          }),
        update: (path, data) => wrap(() => updateDoc(doc(db, path), enc(data))),
        delete: (path) => wrap(() => deleteDoc(doc(db, path))),
        add: unsupported,
        query: (path, spec) =>
          wrap(async () =>
            (await getDocs(q(path, spec))).docs.map((d) => ({
              id: d.id,
              exists: true,
              data: dec(d.data()),
            })),
          ),
        count: (path, spec) => wrap(async () => (await getCount(q(path, spec))).data().count),
        batch: (ops) =>
          wrap(async () => {
            const batch = writeBatch(db);
            for (const op of ops) {
              if (op.op === 'set') batch.set(doc(db, op.path), enc(op.data), { merge: !!op.merge });
              else if (op.op === 'update') batch.update(doc(db, op.path), enc(op.data));
              else batch.delete(doc(db, op.path));
            }
            await batch.commit();
          }),
        transaction: unsupported,
        listenDoc: unsupported,
        listenQuery: unsupported,
        disableNetwork: unsupported,
        enableNetwork: unsupported,
        async close() {
          await terminate(db);
          await deleteApp(app);
        },
      };
    },
  };
}
