/**
 * A deliberately small in-memory FirestoreBackend for the transport tests, used until (or
 * instead of, with HTTP_TEST_MINI=1) the real core: document and single-collection query
 * targets with equality filters, live updates, commit with preconditions, verify, delete,
 * REQUEST_TIME/increment transforms, batchGet, runQuery, count aggregation. Not the emulator.
 */
import {
  FirestoreError,
  type FirestoreBackend,
  type ListenSink,
  type Msg,
} from '../../src/backend.ts';

interface Doc {
  name: string;
  fields: Msg;
  createTime: Msg;
  updateTime: Msg;
}
interface Target {
  id: number;
  docs?: string[];
  query?: { parent: string; collectionId: string; where?: Msg };
  seen: Map<string, string>; // name -> updateTime key
}

export function miniBackend(): FirestoreBackend {
  const docs = new Map<string, Doc>();
  let last = 0n;
  const now = (): Msg => {
    let t = BigInt(Date.now()) * 1000000n;
    if (t <= last) t = last + 1000n;
    last = t;
    return { seconds: String(t / 1000000000n), nanos: Number(t % 1000000000n) };
  };
  const key = (t: Msg) => `${t.seconds}.${String(t.nanos).padStart(9, '0')}`;
  const streams = new Set<{ sink: ListenSink; targets: Map<number, Target> }>();

  const valueEq = (a: Msg | undefined, b: Msg | undefined) => {
    if (!a || !b) return false;
    const strip = (v: Msg) =>
      JSON.stringify(Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'valueType')));
    return strip(a) === strip(b);
  };
  const matches = (t: Target, d: Doc): boolean => {
    if (t.docs) return t.docs.includes(d.name);
    const q = t.query!;
    const parentOf = d.name.slice(0, d.name.lastIndexOf('/'));
    if (parentOf !== `${q.parent}/${q.collectionId}`) return false;
    const f = q.where?.fieldFilter;
    if (f) {
      if (f.op !== 'EQUAL') return true;
      return valueEq(d.fields[f.field.fieldPath], f.value);
    }
    return true;
  };
  const toDoc = (d: Doc): Msg => ({
    name: d.name,
    fields: d.fields,
    createTime: d.createTime,
    updateTime: d.updateTime,
  });

  function sync(
    stream: { sink: ListenSink; targets: Map<number, Target> },
    readTime: Msg,
    only?: Target,
  ) {
    let changed = false;
    for (const t of only ? [only] : stream.targets.values()) {
      const current = new Map<string, Doc>();
      for (const d of docs.values()) if (matches(t, d)) current.set(d.name, d);
      for (const [name, d] of current) {
        if (t.seen.get(name) !== key(d.updateTime)) {
          stream.sink.send({ documentChange: { document: toDoc(d), targetIds: [t.id] } });
          t.seen.set(name, key(d.updateTime));
          changed = true;
        }
      }
      for (const name of [...t.seen.keys()]) {
        if (!current.has(name)) {
          stream.sink.send(
            docs.has(name)
              ? { documentRemove: { document: name, removedTargetIds: [t.id], readTime } }
              : { documentDelete: { document: name, removedTargetIds: [t.id], readTime } },
          );
          t.seen.delete(name);
          changed = true;
        }
      }
    }
    return changed;
  }

  function commitWrites(writes: Msg[]): Msg {
    const t = now();
    const results: Msg[] = [];
    for (const w of writes) {
      const name = w.update?.name ?? w.delete ?? w.verify;
      const cur = docs.get(name);
      const pre = w.currentDocument;
      if (pre?.exists === true && !cur)
        throw new FirestoreError(5, `No document to update: ${name}`);
      if (pre?.exists === false && cur)
        throw new FirestoreError(6, `Document already exists: ${name}`);
      if (pre?.updateTime && (!cur || key(cur.updateTime) !== key(pre.updateTime)))
        throw new FirestoreError(9, 'the stored version does not match the required base version');
    }
    for (const w of writes) {
      if (w.verify) {
        results.push({});
        continue;
      }
      if (w.delete) {
        docs.delete(w.delete);
        results.push({});
        continue;
      }
      const name = w.update.name as string;
      const cur = docs.get(name);
      let fields: Msg = w.updateMask ? { ...(cur?.fields ?? {}) } : {};
      if (w.updateMask) {
        for (const p of w.updateMask.fieldPaths as string[]) {
          if (w.update.fields?.[p] !== undefined) fields[p] = w.update.fields[p];
          else delete fields[p];
        }
      } else fields = { ...(w.update.fields ?? {}) };
      const transformResults: Msg[] = [];
      for (const tr of (w.updateTransforms ?? []) as Msg[]) {
        let v: Msg;
        if (tr.setToServerValue) v = { timestampValue: t };
        else if (tr.increment) {
          const base = Number(
            fields[tr.fieldPath]?.integerValue ?? fields[tr.fieldPath]?.doubleValue ?? 0,
          );
          const inc = Number(tr.increment.integerValue ?? tr.increment.doubleValue);
          v =
            tr.increment.integerValue !== undefined
              ? { integerValue: String(base + inc) }
              : { doubleValue: base + inc };
        } else v = { nullValue: 'NULL_VALUE' };
        fields[tr.fieldPath] = v;
        transformResults.push(v);
      }
      docs.set(name, { name, fields, createTime: cur?.createTime ?? t, updateTime: t });
      results.push({ updateTime: t, transformResults });
    }
    for (const s of streams)
      if (sync(s, t))
        s.sink.send({ targetChange: { readTime: t, resumeToken: Buffer.from(key(t)) } });
    return { commitTime: t, writeResults: results };
  }

  const notImpl = async (): Promise<Msg> => {
    throw new FirestoreError(12, 'not in the mini backend');
  };
  return {
    async getDocument(r) {
      const d = docs.get(r.name);
      if (!d) throw new FirestoreError(5, `not found: ${r.name}`);
      return toDoc(d);
    },
    async batchGetDocuments(r) {
      const t = now();
      return (r.documents as string[]).map((n) =>
        docs.has(n) ? { found: toDoc(docs.get(n)!), readTime: t } : { missing: n, readTime: t },
      );
    },
    async runQuery(r) {
      const t = now();
      const sq = r.structuredQuery;
      const target: Target = {
        id: 0,
        query: { parent: r.parent, collectionId: sq.from[0].collectionId, where: sq.where },
        seen: new Map(),
      };
      const out = [...docs.values()]
        .filter((d) => matches(target, d))
        .map((d) => ({ document: toDoc(d), readTime: t }));
      return out.length ? out : [{ readTime: t }];
    },
    async runAggregationQuery(r) {
      const t = now();
      const sq = r.structuredAggregationQuery.structuredQuery;
      const target: Target = {
        id: 0,
        query: { parent: r.parent, collectionId: sq.from[0].collectionId, where: sq.where },
        seen: new Map(),
      };
      const n = [...docs.values()].filter((d) => matches(target, d)).length;
      const fields: Msg = {};
      for (const a of r.structuredAggregationQuery.aggregations)
        fields[a.alias] = { integerValue: String(n) };
      return [{ result: { aggregateFields: fields }, readTime: t }];
    },
    listDocuments: notImpl,
    listCollectionIds: notImpl,
    async beginTransaction() {
      return { transaction: Buffer.from('t') };
    },
    async rollback() {},
    async commit(r) {
      return commitWrites(r.writes ?? []);
    },
    batchWrite: notImpl,
    createDocument: notImpl,
    updateDocument: notImpl,
    deleteDocument: async () => {
      await notImpl();
    },
    openListen(sink) {
      const stream = { sink, targets: new Map<number, Target>() };
      streams.add(stream);
      return {
        onRequest(req) {
          if (req.addTarget) {
            const a = req.addTarget;
            const t: Target = { id: a.targetId, seen: new Map() };
            if (a.documents) t.docs = a.documents.documents;
            else
              t.query = {
                parent: a.query.parent,
                collectionId: a.query.structuredQuery.from[0].collectionId,
                where: a.query.structuredQuery.where,
              };
            stream.targets.set(t.id, t);
            sink.send({ targetChange: { targetChangeType: 'ADD', targetIds: [t.id] } });
            if (a.resumeToken || a.readTime)
              sink.send({ targetChange: { targetChangeType: 'RESET', targetIds: [t.id] } });
            const rt = now();
            sync(stream, rt, t);
            sink.send({
              targetChange: {
                targetChangeType: 'CURRENT',
                targetIds: [t.id],
                resumeToken: Buffer.from(key(rt)),
              },
            });
            sink.send({ targetChange: { readTime: rt, resumeToken: Buffer.from(key(rt)) } });
          } else if (req.removeTarget !== undefined) {
            stream.targets.delete(req.removeTarget);
            sink.send({
              targetChange: { targetChangeType: 'REMOVE', targetIds: [req.removeTarget] },
            });
          }
        },
        close() {
          streams.delete(stream);
        },
      };
    },
    clear() {
      docs.clear();
    },
  };
}
