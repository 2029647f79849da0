/**
 * The emulator core: documents (with version history for readTime reads), commits, queries,
 * transactions with per-document locks (wound-wait), and Listen.
 */
import { randomBytes } from 'node:crypto';
import { Code, FirestoreError, type FirestoreBackend, type ListenSink, type ListenStream, type Msg } from '../backend.ts';
import { decodeFields, encodeFields, type JsonValue } from './codec.ts';
import {
  deleteField,
  docName,
  getField,
  parseDatabase,
  parseDocumentName,
  parseFieldPath,
  parseName,
  parseParent,
  projectFields,
  setField,
  type ParsedName,
} from './paths.ts';
import { compileQuery, type CompiledQuery, type QDoc } from './query.ts';
import {
  compareStrings,
  compareValues,
  documentSize,
  fieldsIdentical,
  intClamp,
  isNumber,
  MAX_DOC_SIZE,
  normalizeFields,
  normalizeValue,
  normTimestamp,
  valuesEqual,
  type Fields,
  type Value,
} from './values.ts';

export interface ExportedData {
  version: 1;
  databases: {
    project: string;
    database: string;
    documents: { path: string; createTime: number; updateTime: number; fields: Record<string, JsonValue> }[];
  }[];
}

export type Backend = FirestoreBackend & {
  exportData(): ExportedData;
  importData(d: ExportedData): void;
  /** Called (synchronously) after every change to stored documents. Returns an unsubscribe. */
  onChange(cb: () => void): () => void;
};

// ---------------------------------------------------------------- time

/** Microseconds since the epoch. */
type Micros = number;
let lastIssued: Micros = 0;
function nowMicros(): Micros {
  return Math.floor((performance.timeOrigin + performance.now()) * 1000);
}
/** A commit time: strictly greater than every time issued before. */
function nextCommitTime(): Micros {
  const t = Math.max(nowMicros(), lastIssued + 1);
  lastIssued = t;
  return t;
}
/** A read time: not before any commit so far. */
function readTimeNow(): Micros {
  const t = Math.max(nowMicros(), lastIssued);
  lastIssued = t;
  return t;
}
export function toTimestamp(us: Micros): { seconds: string; nanos: number } {
  const s = Math.floor(us / 1e6);
  return { seconds: String(s), nanos: (us - s * 1e6) * 1000 };
}
export function fromTimestamp(ts: Msg): Micros {
  const t = normTimestamp(ts);
  return Number(t.seconds) * 1e6 + Math.floor(t.nanos / 1000);
}
function tokenFor(us: Micros): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(BigInt(us));
  return b;
}

// ---------------------------------------------------------------- storage

interface StoredDoc {
  fields: Fields;
  createTime: Micros;
  updateTime: Micros;
}
interface Version {
  t: Micros;
  doc: StoredDoc | null;
}

const HISTORY_US = 3600e6;
const MAX_VERSIONS = 1000;

class Database {
  readonly docs = new Map<string, Version[]>();
  readonly locks = new Map<string, Lock>();
  constructor(
    readonly project: string,
    readonly database: string,
    readonly name: string,
  ) {}

  get(path: string, at?: Micros): StoredDoc | null {
    const vs = this.docs.get(path);
    if (!vs) return null;
    if (at === undefined) return vs[vs.length - 1]!.doc;
    for (let i = vs.length - 1; i >= 0; i--) if (vs[i]!.t <= at) return vs[i]!.doc;
    return null;
  }

  put(path: string, t: Micros, doc: StoredDoc | null): void {
    let vs = this.docs.get(path);
    if (!vs) {
      if (!doc) return;
      vs = [];
      this.docs.set(path, vs);
    }
    vs.push({ t, doc });
    const cutoff = t - HISTORY_US;
    let drop = 0;
    while (drop < vs.length - 1 && (vs[drop + 1]!.t <= cutoff || vs.length - drop > MAX_VERSIONS)) drop++;
    if (drop) vs.splice(0, drop);
    if (vs.length === 1 && !vs[0]!.doc) this.docs.delete(path);
  }

  *all(at?: Micros): Generator<[string, StoredDoc]> {
    for (const path of this.docs.keys()) {
      const d = this.get(path, at);
      if (d) yield [path, d];
    }
  }
}

// ---------------------------------------------------------------- transactions & locks

interface Waiter {
  txn: Txn;
  path: string;
  resolve(): void;
  reject(e: FirestoreError): void;
  timer: NodeJS.Timeout;
}
interface Lock {
  holder: Txn;
  waiters: Waiter[];
}
interface Txn {
  id: string;
  idBuf: Buffer;
  db: Database;
  readOnly: boolean;
  readTime?: Micros;
  /** Lower = older = higher priority (inherited on retry). */
  age: number;
  reads: Map<string, Micros>;
  queries: { run(): string; sig: string }[];
  locks: Set<string>;
  state: 'active' | 'done';
  wounded: boolean;
  waiting?: Waiter;
  lastUsed: number;
}

/** How long a transaction waits for a lock before it aborts the holder regardless of age. */
const LOCK_WAIT_MS = 4000;

function aborted(msg = 'Transaction aborted because of contention on a document lock; retry the transaction.'): FirestoreError {
  return new FirestoreError(Code.ABORTED, msg);
}

function bad(msg: string): FirestoreError {
  return new FirestoreError(Code.INVALID_ARGUMENT, msg);
}

// ---------------------------------------------------------------- the backend

export function createBackend(): Backend {
  const dbs = new Map<string, Database>();
  const txns = new Map<string, Txn>();
  const streams = new Set<ListenImpl>();
  let ageSeq = 0;

  function dbFor(ref: { project: string; database: string; db: string }): Database {
    let d = dbs.get(ref.db);
    if (!d) {
      d = new Database(ref.project, ref.database, ref.db);
      dbs.set(ref.db, d);
    }
    return d;
  }

  function docToProto(db: Database, path: string, d: StoredDoc, mask?: string[][]): Msg {
    return {
      name: docName(db.name, path),
      fields: mask ? projectFields(d.fields, mask) : d.fields,
      createTime: toTimestamp(d.createTime),
      updateTime: toTimestamp(d.updateTime),
    };
  }

  // ---- locks (wound-wait) ----

  function release(txn: Txn): void {
    for (const path of txn.locks) {
      const l = txn.db.locks.get(path);
      if (!l || l.holder !== txn) continue;
      const next = l.waiters.shift();
      if (next) {
        clearTimeout(next.timer);
        l.holder = next.txn;
        next.txn.locks.add(path);
        next.txn.waiting = undefined;
        next.resolve();
      } else txn.db.locks.delete(path);
    }
    txn.locks.clear();
  }

  function wound(txn: Txn): void {
    if (txn.state !== 'active') return;
    txn.wounded = true;
    const w = txn.waiting;
    if (w) {
      txn.waiting = undefined;
      clearTimeout(w.timer);
      const l = txn.db.locks.get(w.path);
      if (l) l.waiters = l.waiters.filter((x) => x !== w);
      w.reject(aborted());
    }
    release(txn);
  }

  function acquire(txn: Txn, path: string): Promise<void> | void {
    if (txn.wounded) throw aborted();
    const l = txn.db.locks.get(path);
    if (!l) {
      txn.db.locks.set(path, { holder: txn, waiters: [] });
      txn.locks.add(path);
      return;
    }
    if (l.holder === txn) return;
    if (txn.age < l.holder.age) {
      // Wound: the older transaction takes the lock; the younger will abort.
      wound(l.holder);
      return acquire(txn, path);
    }
    return new Promise<void>((resolve, reject) => {
      const w: Waiter = {
        txn,
        path,
        resolve,
        reject,
        timer: setTimeout(() => {
          const cur = txn.db.locks.get(path);
          if (cur && cur.holder !== txn && txn.waiting === w) wound(cur.holder);
        }, LOCK_WAIT_MS),
      };
      w.timer.unref?.();
      txn.waiting = w;
      const i = l.waiters.findIndex((x) => x.txn.age > txn.age);
      if (i < 0) l.waiters.push(w);
      else l.waiters.splice(i, 0, w);
    });
  }

  async function lockAll(txn: Txn, paths: string[]): Promise<void> {
    for (const p of [...new Set(paths)].sort()) await acquire(txn, p);
  }

  function sweepTxns(): void {
    if (txns.size < 500) return;
    const old = Date.now() - 300_000;
    for (const [id, t] of txns) {
      if (t.lastUsed < old) {
        wound(t);
        t.state = 'done';
        txns.delete(id);
      }
    }
  }

  function begin(db: Database, options: Msg | undefined): Txn {
    sweepTxns();
    const idBuf = randomBytes(16);
    const id = idBuf.toString('hex');
    const readOnly = !!options?.readOnly;
    let age = ++ageSeq;
    const retry = options?.readWrite?.retryTransaction;
    if (retry) {
      const prev = txns.get(Buffer.from(retry).toString('hex'));
      if (prev) age = prev.age;
      const inh = retiredAges.get(Buffer.from(retry).toString('hex'));
      if (inh !== undefined) age = Math.min(age, inh);
    }
    const txn: Txn = {
      id,
      idBuf,
      db,
      readOnly,
      age,
      reads: new Map(),
      queries: [],
      locks: new Set(),
      state: 'active',
      wounded: false,
      lastUsed: Date.now(),
    };
    if (readOnly) txn.readTime = options.readOnly.readTime ? fromTimestamp(options.readOnly.readTime) : readTimeNow();
    txns.set(id, txn);
    return txn;
  }

  /** Ages of finished transactions, so a retry keeps its priority (bounded). */
  const retiredAges = new Map<string, number>();
  function retire(txn: Txn): void {
    txn.state = 'done';
    release(txn);
    txns.delete(txn.id);
    retiredAges.set(txn.id, txn.age);
    if (retiredAges.size > 2000) {
      const first = retiredAges.keys().next().value;
      if (first !== undefined) retiredAges.delete(first);
    }
  }

  function lookupTxn(db: Database, id: unknown): Txn {
    const hex = Buffer.from(id as Buffer).toString('hex');
    const t = txns.get(hex);
    if (!t || t.state !== 'active') throw bad('The referenced transaction has expired or is no longer valid.');
    if (t.db !== db) throw bad('Transaction belongs to another database');
    t.lastUsed = Date.now();
    return t;
  }

  interface ReadCtx {
    db: Database;
    at?: Micros;
    txn?: Txn;
    newTxn?: Buffer;
    readTime: Micros;
  }

  function readContext(db: Database, req: Msg): ReadCtx {
    if (req.transaction && (req.transaction as Buffer).length) {
      const txn = lookupTxn(db, req.transaction);
      if (txn.wounded) {
        throw aborted();
      }
      if (txn.readOnly) return { db, txn, at: txn.readTime, readTime: txn.readTime! };
      return { db, txn, readTime: readTimeNow() };
    }
    if (req.newTransaction) {
      const txn = begin(db, req.newTransaction);
      if (txn.readOnly) return { db, txn, at: txn.readTime, newTxn: txn.idBuf, readTime: txn.readTime! };
      return { db, txn, newTxn: txn.idBuf, readTime: readTimeNow() };
    }
    if (req.readTime) {
      const at = fromTimestamp(req.readTime);
      return { db, at, readTime: at };
    }
    return { db, readTime: readTimeNow() };
  }

  /** Locks (read-write transactions) then reads documents; records versions. */
  async function readDocs(ctx: ReadCtx, paths: string[]): Promise<(StoredDoc | null)[]> {
    const txn = ctx.txn;
    if (txn && !txn.readOnly) {
      await lockAll(txn, paths);
      if (txn.wounded) throw aborted();
      ctx.readTime = readTimeNow();
      const out = paths.map((p) => ctx.db.get(p));
      paths.forEach((p, i) => {
        if (!txn.reads.has(p)) txn.reads.set(p, out[i]?.updateTime ?? 0);
      });
      return out;
    }
    return paths.map((p) => ctx.db.get(p, ctx.at));
  }

  // ---- queries ----

  function execQuery(db: Database, parent: ParsedName, q: CompiledQuery, at?: Micros): { path: string; doc: StoredDoc }[] {
    const matches: QDoc[] = [];
    const byPath = new Map<string, StoredDoc>();
    for (const [path, doc] of db.all(at)) {
      if (!q.inScope(path)) continue;
      const qd: QDoc = { path, name: docName(db.name, path), fields: doc.fields };
      if (q.matches(qd)) {
        matches.push(qd);
        byPath.set(path, doc);
      }
    }
    void parent;
    return q.finish(matches).map((d) => ({ path: d.path, doc: byPath.get(d.path)! }));
  }

  function parseQueryRequest(req: Msg, sq: Msg | undefined): { parent: ParsedName; db: Database; q: CompiledQuery } {
    const parent = parseParent(req.parent);
    if (!sq) throw bad('structuredQuery is required');
    const q = compileQuery(parent, sq);
    return { parent, db: dbFor(parent), q };
  }

  async function runQueryIn(ctx: ReadCtx, parent: ParsedName, q: CompiledQuery): Promise<{ path: string; doc: StoredDoc }[]> {
    const txn = ctx.txn;
    if (txn && !txn.readOnly) {
      const first = execQuery(ctx.db, parent, q);
      await lockAll(
        txn,
        first.map((r) => r.path),
      );
      if (txn.wounded) throw aborted();
      const res = execQuery(ctx.db, parent, q);
      const sig = (r: { path: string; doc: StoredDoc }[]) => r.map((x) => `${x.path}@${x.doc.updateTime}`).join('|');
      txn.queries.push({ run: () => sig(execQuery(ctx.db, parent, q)), sig: sig(res) });
      for (const r of res) if (!txn.reads.has(r.path)) txn.reads.set(r.path, r.doc.updateTime);
      ctx.readTime = readTimeNow();
      return res;
    }
    return execQuery(ctx.db, parent, q, ctx.at);
  }

  // ---- writes ----

  interface Change {
    path: string;
    before: StoredDoc | null;
    after: StoredDoc | null;
  }

  function checkPrecondition(pre: Msg | undefined, cur: StoredDoc | null, name: string): void {
    if (!pre) return;
    if (pre.exists !== undefined && pre.exists !== null && (pre.conditionType === undefined || pre.conditionType === 'exists')) {
      if (pre.exists && !cur) throw new FirestoreError(Code.NOT_FOUND, `No document to update: ${name}`);
      if (!pre.exists && cur) throw new FirestoreError(Code.ALREADY_EXISTS, `Document already exists: ${name}`);
      return;
    }
    if (pre.updateTime) {
      const t = fromTimestamp(pre.updateTime);
      if (!cur) throw new FirestoreError(Code.NOT_FOUND, `No document to update: ${name}`);
      if (cur.updateTime !== t) throw new FirestoreError(Code.FAILED_PRECONDITION, `The document's update time does not match the precondition: ${name}`);
    }
  }

  function applyTransform(fields: Fields, t: Msg, commitT: Micros): { fields: Fields; result: Value } {
    const path = parseFieldPath(t.fieldPath);
    const cur = getField(fields, path);
    let next: Value;
    if (t.setToServerValue !== undefined && t.setToServerValue !== null) {
      if (t.setToServerValue !== 'REQUEST_TIME' && t.setToServerValue !== 1) throw bad(`Unsupported server value ${t.setToServerValue}`);
      next = { timestampValue: toTimestamp(commitT) };
    } else if (t.increment) {
      const inc = normalizeValue(t.increment);
      if (!isNumber(inc)) throw bad('increment requires a numeric value');
      if (!isNumber(cur)) next = inc;
      else if (cur!.integerValue !== undefined && inc.integerValue !== undefined) {
        next = { integerValue: intClamp(BigInt(cur!.integerValue) + BigInt(inc.integerValue)) };
      } else next = { doubleValue: numOf(cur!) + numOf(inc) };
    } else if (t.maximum || t.minimum) {
      const isMax = !!t.maximum;
      const arg = normalizeValue(isMax ? t.maximum : t.minimum);
      if (!isNumber(arg)) throw bad('maximum/minimum require a numeric value');
      if (!isNumber(cur)) next = arg;
      else {
        const a = numOf(cur!);
        const b = numOf(arg);
        if (Number.isNaN(a) || Number.isNaN(b)) next = Number.isNaN(a) ? cur! : arg;
        else {
          const c = compareValues(arg, cur!);
          next = (isMax ? c > 0 : c < 0) ? arg : cur!;
        }
      }
    } else if (t.appendMissingElements) {
      const add = ((t.appendMissingElements.values ?? []) as Value[]).map((v) => normalizeValue(v));
      const base = cur?.arrayValue ? ([...(cur.arrayValue.values ?? [])] as Value[]) : [];
      for (const v of add) if (!base.some((x) => valuesEqual(x, v))) base.push(v);
      next = { arrayValue: { values: base } };
    } else if (t.removeAllFromArray) {
      const rm = ((t.removeAllFromArray.values ?? []) as Value[]).map((v) => normalizeValue(v));
      const base = cur?.arrayValue ? ((cur.arrayValue.values ?? []) as Value[]) : [];
      next = { arrayValue: { values: base.filter((x) => !rm.some((v) => valuesEqual(x, v))) } };
    } else throw bad('Field transform has no operation');
    return { fields: setField(fields, path, next), result: next };
  }

  function numOf(v: Value): number {
    return v.integerValue !== undefined ? Number(v.integerValue) : v.doubleValue;
  }

  function validateDoc(name: string, fields: Fields): void {
    if (documentSize(name, fields) > MAX_DOC_SIZE) {
      throw bad(`Document '${name}' cannot be written because its size (${documentSize(name, fields)} bytes) exceeds the maximum allowed size of ${MAX_DOC_SIZE} bytes.`);
    }
  }

  /**
   * Applies writes atomically (all or nothing) at commitT. Returns the write results and the
   * changes (for listeners). Throws on the first failing write; nothing is stored then.
   */
  function applyWrites(db: Database, writes: Msg[], commitT: Micros): { results: Msg[]; changes: Change[] } {
    const staged = new Map<string, StoredDoc | null>();
    const original = new Map<string, StoredDoc | null>();
    const results: Msg[] = [];
    const cur = (p: string) => (staged.has(p) ? staged.get(p)! : db.get(p));
    for (const w of writes) {
      const name: string | undefined = w.update?.name ?? w.delete ?? w.verify ?? w.transform?.document;
      if (!name) throw bad('Write must have an operation');
      const p = parseDocumentName(name);
      if (p.db !== db.name) throw bad(`Document ${name} is not in database ${db.name}`);
      const before = cur(p.path);
      if (!original.has(p.path)) original.set(p.path, db.get(p.path));
      checkPrecondition(w.currentDocument, before, name);
      if (w.verify) {
        results.push({});
        continue;
      }
      if (w.delete) {
        staged.set(p.path, null);
        results.push({});
        continue;
      }
      let fields: Fields;
      if (w.update) {
        const given = normalizeFields(w.update.fields ?? {});
        if (w.updateMask) {
          fields = before?.fields ?? {};
          for (const fp of (w.updateMask.fieldPaths ?? []) as string[]) {
            const path = parseFieldPath(fp);
            const v = getField(given, path);
            fields = v === undefined ? deleteField(fields, path) : setField(fields, path, v);
          }
        } else fields = given;
      } else fields = before?.fields ?? {};
      const transformResults: Value[] = [];
      const transforms = (w.update ? w.updateTransforms : w.transform?.fieldTransforms) ?? [];
      for (const t of transforms as Msg[]) {
        const r = applyTransform(fields, t, commitT);
        fields = r.fields;
        transformResults.push(r.result);
      }
      checkDepth(fields, 0);
      validateDoc(name, fields);
      let after: StoredDoc;
      if (before && fieldsIdentical(before.fields, fields)) after = before;
      else after = { fields, createTime: before?.createTime ?? commitT, updateTime: commitT };
      staged.set(p.path, after);
      const res: Msg = { updateTime: toTimestamp(after.updateTime) };
      if (transforms.length) res.transformResults = transformResults;
      results.push(res);
    }
    const changes: Change[] = [];
    for (const [path, after] of staged) {
      const before = original.get(path) ?? null;
      if (before === after) continue;
      db.put(path, commitT, after);
      changes.push({ path, before, after });
    }
    return { results, changes };
  }

  function checkDepth(fields: Fields, depth: number): void {
    if (depth >= 20) throw bad('Document has a field nested deeper than 20 levels');
    for (const k of Object.keys(fields)) {
      const v = fields[k]!;
      if (v.mapValue) checkDepth(v.mapValue.fields ?? {}, depth + 1);
      else if (v.arrayValue) for (const x of (v.arrayValue.values ?? []) as Value[]) if (x.mapValue) checkDepth(x.mapValue.fields ?? {}, depth + 1);
    }
  }

  // ---- listen ----

  interface Target {
    id: number;
    db: Database;
    query?: { parent: ParsedName; q: CompiledQuery };
    docPaths?: Set<string>;
    /** path -> updateTime of the documents the client currently holds for this target. */
    result: Map<string, Micros>;
  }

  class ListenImpl implements ListenStream {
    readonly targets = new Map<number, Target>();
    closed = false;
    constructor(readonly sink: ListenSink) {
      streams.add(this);
    }

    onRequest(req: Msg): void {
      if (this.closed) return;
      try {
        if (req.addTarget) this.add(req.addTarget, req.database);
        else if (req.removeTarget !== undefined && req.removeTarget !== null) this.remove(Number(req.removeTarget));
      } catch (e) {
        this.fail(e);
      }
    }

    fail(e: unknown): void {
      const err = e instanceof FirestoreError ? e : new FirestoreError(Code.INTERNAL, String((e as Error)?.message ?? e));
      this.close();
      this.sink.fail(err);
    }

    add(t: Msg, database: string | undefined): void {
      const id = Number(t.targetId ?? 0);
      if (this.targets.has(id)) throw bad(`Target id ${id} is already in use`);
      let target: Target;
      try {
        if (t.query) {
          const parent = parseParent(t.query.parent);
          if (database && parent.db !== database) throw bad('Target is not in the stream database');
          const q = compileQuery(parent, t.query.structuredQuery ?? {});
          target = { id, db: dbFor(parent), query: { parent, q }, result: new Map() };
        } else if (t.documents) {
          const names = (t.documents.documents ?? []) as string[];
          const parsed = names.map(parseDocumentName);
          const dbRef = parsed[0] ?? (database ? { ...parseDatabase(database) } : undefined);
          if (!dbRef) throw bad('Documents target needs at least one document');
          if (parsed.some((p) => p.db !== dbRef.db)) throw bad('Documents target spans databases');
          target = { id, db: dbFor(dbRef), docPaths: new Set(parsed.map((p) => p.path)), result: new Map() };
        } else throw bad('Target must be a query or documents target');
      } catch (e) {
        const err = e instanceof FirestoreError ? e : new FirestoreError(Code.INTERNAL, String(e));
        this.sink.send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id], cause: { code: err.code, message: err.message } } });
        return;
      }
      const readTime = readTimeNow();
      const docs = this.evaluate(target);
      this.targets.set(id, target);
      this.sink.send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
      const resumed = (t.resumeToken && (t.resumeToken as Buffer).length) || t.readTime;
      if (resumed) this.sink.send({ targetChange: { targetChangeType: 'RESET', targetIds: [id] } });
      for (const { path, doc } of docs) {
        target.result.set(path, doc.updateTime);
        this.sink.send({ documentChange: { document: docToProto(target.db, path, doc), targetIds: [id] } });
      }
      const token = tokenFor(readTime);
      this.sink.send({ targetChange: { targetChangeType: 'CURRENT', targetIds: [id], resumeToken: token } });
      this.sink.send({ targetChange: { readTime: toTimestamp(readTime), resumeToken: token } });
      if (t.once) this.remove(id);
    }

    evaluate(target: Target): { path: string; doc: StoredDoc }[] {
      if (target.query) return execQuery(target.db, target.query.parent, target.query.q);
      const out: { path: string; doc: StoredDoc }[] = [];
      for (const p of target.docPaths!) {
        const d = target.db.get(p);
        if (d) out.push({ path: p, doc: d });
      }
      return out;
    }

    remove(id: number): void {
      if (!this.targets.has(id)) throw new FirestoreError(Code.INVALID_ARGUMENT, `Target ${id} does not exist`);
      this.targets.delete(id);
      this.sink.send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
    }

    /** Called synchronously after each commit, in commit order. */
    onCommit(db: Database, changes: Change[], commitT: Micros): void {
      if (this.closed) return;
      const out = new Map<string, { doc: StoredDoc | null; targetIds: number[]; removed: number[] }>();
      const entry = (path: string) => {
        let e = out.get(path);
        if (!e) {
          e = { doc: db.get(path), targetIds: [], removed: [] };
          out.set(path, e);
        }
        return e;
      };
      for (const target of this.targets.values()) {
        if (target.db !== db) continue;
        if (target.docPaths) {
          for (const c of changes) {
            if (!target.docPaths.has(c.path)) continue;
            if (c.after) {
              entry(c.path).targetIds.push(target.id);
              target.result.set(c.path, c.after.updateTime);
            } else if (target.result.has(c.path)) {
              entry(c.path).removed.push(target.id);
              target.result.delete(c.path);
            }
          }
          continue;
        }
        const q = target.query!.q;
        if (!changes.some((c) => q.inScope(c.path))) continue;
        const now = execQuery(db, target.query!.parent, q);
        const seen = new Set<string>();
        for (const { path, doc } of now) {
          seen.add(path);
          if (target.result.get(path) !== doc.updateTime) {
            entry(path).targetIds.push(target.id);
            target.result.set(path, doc.updateTime);
          }
        }
        for (const path of [...target.result.keys()]) {
          if (!seen.has(path)) {
            entry(path).removed.push(target.id);
            target.result.delete(path);
          }
        }
      }
      if (out.size === 0) return;
      const readTime = toTimestamp(commitT);
      for (const [path, e] of out) {
        const name = docName(db.name, path);
        if (e.targetIds.length && e.doc) {
          const dc: Msg = { document: docToProto(db, path, e.doc), targetIds: e.targetIds };
          if (e.removed.length) dc.removedTargetIds = e.removed;
          this.sink.send({ documentChange: dc });
        } else if (!e.doc) {
          this.sink.send({ documentDelete: { document: name, removedTargetIds: e.removed, readTime } });
        } else {
          this.sink.send({ documentRemove: { document: name, removedTargetIds: e.removed, readTime } });
        }
      }
      this.sink.send({ targetChange: { readTime, resumeToken: tokenFor(commitT) } });
    }

    close(): void {
      this.closed = true;
      streams.delete(this);
    }
  }

  const changeHooks = new Set<() => void>();
  function notify(db: Database, changes: Change[], commitT: Micros): void {
    if (!changes.length) return;
    for (const h of changeHooks) {
      try {
        h();
      } catch (e) {
        console.error('firestore emulator: change hook failed:', e);
      }
    }
    for (const s of [...streams]) {
      try {
        s.onCommit(db, changes, commitT);
      } catch (e) {
        s.fail(e);
      }
    }
  }

  function commitWrites(db: Database, writes: Msg[]): { results: Msg[]; commitT: Micros } {
    const commitT = nextCommitTime();
    const { results, changes } = applyWrites(db, writes, commitT);
    notify(db, changes, commitT);
    return { results, commitT };
  }

  // ---- the service ----

  const backend: Backend = {
    async getDocument(req) {
      const p = parseDocumentName(req.name);
      const db = dbFor(p);
      const ctx = readContext(db, req);
      const [doc] = await readDocs(ctx, [p.path]);
      if (!doc) throw new FirestoreError(Code.NOT_FOUND, `Document "${req.name}" not found`);
      const mask = req.mask ? ((req.mask.fieldPaths ?? []) as string[]).map(parseFieldPath) : undefined;
      return docToProto(db, p.path, doc, mask);
    },

    async batchGetDocuments(req) {
      const db = dbFor(parseDatabase(req.database));
      const names = (req.documents ?? []) as string[];
      const parsed = names.map((n) => {
        const p = parseDocumentName(n);
        if (p.db !== db.name) throw bad(`Document ${n} is not in database ${db.name}`);
        return p;
      });
      const ctx = readContext(db, req);
      const docs = await readDocs(
        ctx,
        parsed.map((p) => p.path),
      );
      const mask = req.mask ? ((req.mask.fieldPaths ?? []) as string[]).map(parseFieldPath) : undefined;
      const readTime = toTimestamp(ctx.readTime);
      const out: Msg[] = docs.map((d, i) =>
        d ? { found: docToProto(db, parsed[i]!.path, d, mask), readTime } : { missing: names[i], readTime },
      );
      if (ctx.newTxn) {
        if (out.length) out[0]!.transaction = ctx.newTxn;
        else out.push({ transaction: ctx.newTxn, readTime });
      }
      return out;
    },

    async runQuery(req) {
      const { parent, db, q } = parseQueryRequest(req, req.structuredQuery);
      const ctx = readContext(db, req);
      const res = await runQueryIn(ctx, parent, q);
      const readTime = toTimestamp(ctx.readTime);
      const out: Msg[] = res.map(({ path, doc }) => {
        const d = docToProto(db, path, doc);
        if (q.hasProjection) d.fields = q.project(doc.fields);
        return { document: d, readTime };
      });
      if (!out.length) out.push({ readTime });
      if (ctx.newTxn) out[0]!.transaction = ctx.newTxn;
      return out;
    },

    async runAggregationQuery(req) {
      const saq = req.structuredAggregationQuery;
      if (!saq) throw bad('structuredAggregationQuery is required');
      const { parent, db, q } = parseQueryRequest(req, saq.structuredQuery);
      const ctx = readContext(db, req);
      const res = await runQueryIn(ctx, parent, q);
      const fieldsOut: Record<string, Value> = {};
      let n = 0;
      for (const a of (saq.aggregations ?? []) as Msg[]) {
        const alias = a.alias || `field_${++n}`;
        if (a.count) {
          const upTo = a.count.upTo ? Number(a.count.upTo.value ?? a.count.upTo) : Infinity;
          fieldsOut[alias] = { integerValue: String(Math.min(res.length, upTo)) };
        } else if (a.sum || a.avg) {
          const path = parseFieldPath((a.sum ?? a.avg).field?.fieldPath);
          const nums = res.map((r) => getField(r.doc.fields, path)).filter((v): v is Value => isNumber(v));
          if (a.sum) {
            if (nums.every((v) => v.integerValue !== undefined)) {
              const s = nums.reduce((acc, v) => acc + BigInt(v.integerValue), 0n);
              if (s >= -(2n ** 63n) && s < 2n ** 63n) fieldsOut[alias] = { integerValue: s.toString() };
              else fieldsOut[alias] = { doubleValue: Number(s) };
            } else fieldsOut[alias] = { doubleValue: nums.reduce((acc, v) => acc + numOf(v), 0) };
          } else {
            fieldsOut[alias] = nums.length
              ? { doubleValue: nums.reduce((acc, v) => acc + numOf(v), 0) / nums.length }
              : { nullValue: 'NULL_VALUE' };
          }
        } else throw bad('Unsupported aggregation');
      }
      const out: Msg = { result: { aggregateFields: fieldsOut }, readTime: toTimestamp(ctx.readTime) };
      if (ctx.newTxn) out.transaction = ctx.newTxn;
      return [out];
    },

    async listDocuments(req) {
      const parent = parseParent(req.parent);
      const db = dbFor(parent);
      const ctx = readContext(db, req);
      const collectionId = String(req.collectionId ?? '');
      const prefix = parent.path === '' ? '' : parent.path + '/';
      const depth = parent.segments.length;
      const found = new Map<string, StoredDoc | null>();
      for (const [path] of db.docs) {
        if (!path.startsWith(prefix)) continue;
        const segs = path.split('/');
        if (segs.length < depth + 2) continue;
        if (collectionId && segs[depth] !== collectionId) continue;
        const docPath = segs.slice(0, depth + 2).join('/');
        if (found.has(docPath) && found.get(docPath)) continue;
        const d = db.get(docPath, ctx.at);
        if (d || req.showMissing) {
          if (docPath === path ? d : true) found.set(docPath, d);
        }
      }
      if (!req.showMissing) for (const [k, v] of found) if (!v) found.delete(k);
      const paths = [...found.keys()].sort((a, b) => compareStrings(a, b));
      const start = req.pageToken ? Number(Buffer.from(req.pageToken, 'base64').toString()) || 0 : 0;
      const size = Number(req.pageSize ?? 0) || paths.length;
      const page = paths.slice(start, start + size);
      const mask = req.mask ? ((req.mask.fieldPaths ?? []) as string[]).map(parseFieldPath) : undefined;
      const out: Msg = {
        documents: page.map((p) => {
          const d = found.get(p);
          return d ? docToProto(db, p, d, mask) : { name: docName(db.name, p) };
        }),
      };
      if (start + size < paths.length) out.nextPageToken = Buffer.from(String(start + size)).toString('base64');
      return out;
    },

    async listCollectionIds(req) {
      const parent = parseParent(req.parent);
      const db = dbFor(parent);
      const ctx = readContext(db, req);
      const prefix = parent.path === '' ? '' : parent.path + '/';
      const ids = new Set<string>();
      for (const [path] of db.all(ctx.at)) {
        if (!path.startsWith(prefix)) continue;
        const seg = path.slice(prefix.length).split('/')[0];
        if (seg) ids.add(seg);
      }
      const all = [...ids].sort(compareStrings);
      const start = req.pageToken ? Number(Buffer.from(req.pageToken, 'base64').toString()) || 0 : 0;
      const size = Number(req.pageSize ?? 0) || all.length;
      const out: Msg = { collectionIds: all.slice(start, start + size) };
      if (start + size < all.length) out.nextPageToken = Buffer.from(String(start + size)).toString('base64');
      return out;
    },

    async beginTransaction(req) {
      const db = dbFor(parseDatabase(req.database));
      const txn = begin(db, req.options);
      return { transaction: txn.idBuf };
    },

    async rollback(req) {
      const db = dbFor(parseDatabase(req.database));
      const txn = lookupTxn(db, req.transaction);
      retire(txn);
    },

    async commit(req) {
      const db = dbFor(parseDatabase(req.database));
      const writes = (req.writes ?? []) as Msg[];
      if (req.transaction && (req.transaction as Buffer).length) {
        const txn = lookupTxn(db, req.transaction);
        try {
          if (txn.readOnly && writes.length) throw bad('Cannot write in a read-only transaction');
          if (txn.wounded) throw aborted();
          if (!txn.readOnly) {
            const paths: string[] = [];
            for (const w of writes) {
              const name = w.update?.name ?? w.delete ?? w.verify ?? w.transform?.document;
              if (name) paths.push(parseDocumentName(name).path);
            }
            await lockAll(txn, paths);
            if (txn.wounded) throw aborted();
            for (const [path, t] of txn.reads) {
              if ((db.get(path)?.updateTime ?? 0) !== t) throw aborted('Transaction aborted: a document read in this transaction has changed since it was read.');
            }
            for (const q of txn.queries) if (q.run() !== q.sig) throw aborted('Transaction aborted: a query result read in this transaction has changed.');
          }
          const { results, commitT } = commitWrites(db, writes);
          return { writeResults: results, commitTime: toTimestamp(commitT) };
        } finally {
          retire(txn);
        }
      }
      const { results, commitT } = commitWrites(db, writes);
      return { writeResults: results, commitTime: toTimestamp(commitT) };
    },

    async batchWrite(req) {
      const db = dbFor(parseDatabase(req.database));
      const writeResults: Msg[] = [];
      const status: Msg[] = [];
      for (const w of (req.writes ?? []) as Msg[]) {
        try {
          const { results } = commitWrites(db, [w]);
          writeResults.push(results[0] ?? {});
          status.push({ code: 0 });
        } catch (e) {
          const err = e instanceof FirestoreError ? e : new FirestoreError(Code.INTERNAL, String(e));
          writeResults.push({});
          status.push({ code: err.code, message: err.message });
        }
      }
      return { writeResults, status };
    },

    openListen(sink) {
      return new ListenImpl(sink);
    },

    clear(projectId) {
      for (const db of dbs.values()) {
        if (db.project !== projectId) continue;
        const existing = [...db.all()];
        db.docs.clear();
        if (!existing.length) continue;
        const t = nextCommitTime();
        notify(
          db,
          existing.map(([path, doc]) => ({ path, before: doc, after: null })),
          t,
        );
      }
    },

    onChange(cb) {
      changeHooks.add(cb);
      return () => changeHooks.delete(cb);
    },

    exportData() {
      const out: ExportedData = { version: 1, databases: [] };
      for (const db of dbs.values()) {
        const documents = [...db.all()]
          .sort(([a], [b]) => compareStrings(a, b))
          .map(([path, d]) => ({ path, createTime: d.createTime, updateTime: d.updateTime, fields: encodeFields(d.fields) }));
        if (documents.length) out.databases.push({ project: db.project, database: db.database, documents });
      }
      return out;
    },

    importData(data) {
      if (!data || data.version !== 1 || !Array.isArray(data.databases)) throw new Error('Unsupported export format');
      for (const e of data.databases) {
        const db = dbFor({ project: e.project, database: e.database, db: `projects/${e.project}/databases/${e.database}` });
        db.docs.clear();
        for (const d of e.documents) {
          db.put(d.path, d.updateTime, { fields: decodeFields(d.fields), createTime: d.createTime, updateTime: d.updateTime });
          if (d.updateTime > lastIssued) lastIssued = d.updateTime;
        }
      }
    },
  };
  void parseName;
  return backend;
}

export type { ListenSink, ListenStream };
