/**
 * The `firebase/firestore` (web SDK, modular API) implementation of the driver operations.
 * Used as-is by the Node web-SDK driver and bundled into the browser harness page, so both
 * web drivers run exactly the same SDK calls. Listeners report through callbacks here; the
 * drivers store the events.
 */
import {
  Timestamp,
  addDoc,
  arrayRemove,
  arrayUnion,
  collection,
  collectionGroup,
  getCountFromServer,
  deleteDoc,
  deleteField,
  disableNetwork,
  doc,
  enableNetwork,
  endAt,
  endBefore,
  getDocFromServer,
  getDocsFromServer,
  increment,
  limit,
  limitToLast,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  startAfter,
  startAt,
  terminate,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import type {
  BatchOp,
  Data,
  DocEvent,
  DocResult,
  QueryEvent,
  QuerySpec,
  SerializedError,
  TxApi,
  TxFn,
} from './types.ts';
import { decode, encode, type SdkValues } from './values.ts';

export const webValues: SdkValues = {
  serverTimestamp,
  increment,
  arrayUnion,
  arrayRemove,
  deleteField,
  isTimestamp: (v) => v instanceof Timestamp,
  timestamp: (s, n) => new Timestamp(s, n),
};

const enc = (d: Data) => encode(d, webValues) as Data;
const dec = (d: unknown) => decode(d, webValues) as Data;

export function serializeError(e: unknown): SerializedError {
  const err = e as { code?: unknown; message?: unknown };
  return {
    code: typeof err?.code === 'string' ? err.code : undefined,
    message: String(err?.message ?? e),
  };
}

export function webClient(db: Firestore) {
  const constraints = (spec: QuerySpec): QueryConstraint[] => {
    const out: QueryConstraint[] = [];
    for (const [f, op, v] of spec.where ?? []) out.push(where(f, op, encode(v, webValues)));
    for (const [f, dir] of spec.orderBy ?? []) out.push(orderBy(f, dir ?? 'asc'));
    if (spec.startAt) out.push(startAt(...spec.startAt));
    if (spec.startAfter) out.push(startAfter(...spec.startAfter));
    if (spec.endAt) out.push(endAt(...spec.endAt));
    if (spec.endBefore) out.push(endBefore(...spec.endBefore));
    if (spec.limit !== undefined) out.push(limit(spec.limit));
    if (spec.limitToLast !== undefined) out.push(limitToLast(spec.limitToLast));
    return out;
  };
  const q = (coll: string, spec: QuerySpec) =>
    query(spec.group ? collectionGroup(db, coll) : collection(db, coll), ...constraints(spec));

  return {
    async set(path: string, data: Data, opts?: { merge?: boolean }) {
      await setDoc(doc(db, path), enc(data), { merge: !!opts?.merge });
    },
    async get(path: string): Promise<DocResult> {
      const s = await getDocFromServer(doc(db, path));
      return { id: s.id, exists: s.exists(), data: s.exists() ? dec(s.data()) : null };
    },
    async update(path: string, data: Data) {
      await updateDoc(doc(db, path), enc(data));
    },
    async delete(path: string) {
      await deleteDoc(doc(db, path));
    },
    async add(coll: string, data: Data) {
      return (await addDoc(collection(db, coll), enc(data))).id;
    },
    async query(coll: string, spec: QuerySpec): Promise<DocResult[]> {
      const s = await getDocsFromServer(q(coll, spec));
      return s.docs.map((d) => ({ id: d.id, exists: true, data: dec(d.data()) }));
    },
    async count(coll: string, spec: QuerySpec): Promise<number> {
      return (await getCountFromServer(q(coll, spec))).data().count;
    },
    async batch(ops: BatchOp[]) {
      const b = writeBatch(db);
      for (const o of ops) {
        if (o.op === 'set') b.set(doc(db, o.path), enc(o.data), { merge: !!o.merge });
        else if (o.op === 'update') b.update(doc(db, o.path), enc(o.data));
        else b.delete(doc(db, o.path));
      }
      await b.commit();
    },
    async transaction<A, R>(fn: TxFn<A, R>, args: A, opts?: { maxAttempts?: number }) {
      let attempts = 0;
      const result = await runTransaction(
        db,
        async (t) => {
          attempts++;
          const api: TxApi = {
            async get(path) {
              const s = await t.get(doc(db, path));
              return { exists: s.exists(), data: s.exists() ? dec(s.data()) : null };
            },
            set(path, data) {
              t.set(doc(db, path), enc(data));
            },
            update(path, data) {
              t.update(doc(db, path), enc(data));
            },
            delete(path) {
              t.delete(doc(db, path));
            },
          };
          return fn(api, args);
        },
        opts?.maxAttempts ? { maxAttempts: opts.maxAttempts } : undefined,
      );
      return { result, attempts };
    },
    listenDoc(path: string, onEvent: (e: DocEvent) => void, onError: (e: SerializedError) => void) {
      return onSnapshot(
        doc(db, path),
        { includeMetadataChanges: true },
        (s) =>
          onEvent({
            exists: s.exists(),
            data: s.exists() ? dec(s.data()) : null,
            fromCache: s.metadata.fromCache,
            hasPendingWrites: s.metadata.hasPendingWrites,
          }),
        (e) => onError(serializeError(e)),
      );
    },
    listenQuery(
      coll: string,
      spec: QuerySpec,
      onEvent: (e: QueryEvent) => void,
      onError: (e: SerializedError) => void,
    ) {
      return onSnapshot(
        q(coll, spec),
        { includeMetadataChanges: true },
        (s) =>
          onEvent({
            docs: s.docs.map((d) => ({ id: d.id, data: dec(d.data()) })),
            changes: s
              .docChanges()
              .map((c) => ({ type: c.type, id: c.doc.id, data: dec(c.doc.data()) })),
            fromCache: s.metadata.fromCache,
            hasPendingWrites: s.metadata.hasPendingWrites,
          }),
        (e) => onError(serializeError(e)),
      );
    },
    disableNetwork: () => disableNetwork(db),
    enableNetwork: () => enableNetwork(db),
    terminate: () => terminate(db),
  };
}

export type WebClient = ReturnType<typeof webClient>;
