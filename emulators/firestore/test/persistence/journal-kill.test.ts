/**
 * Crash safety: the emulator (the CLI, in its own process) is killed with SIGKILL in the middle
 * of a write load; every commit it acknowledged is there after a restart on the same folder,
 * from the journal (the export on disk holds none of them). Two loads: REST commits (journaled
 * as documents, kind 1), and firebase-admin over gRPC (./grpc-load.ts in a process of its own,
 * journaled as the requests' bytes, kind 2, which a replay applies again) mixing sets, batches,
 * increments, server timestamps, updates on a last update time, deletes and transactions: after
 * the restart every acknowledged write is there with its values and the write time the client
 * got (server timestamps included), and each one in flight at the kill is whole or absent (a
 * batch never in part, the counters equal to their markers). Also: a clean exit folds the
 * journal into the export, a record cut short by the kill is ignored, a journal already folded
 * into the export is not applied twice, a gRPC Commit journaled as its request bytes replays to
 * the same documents (transforms included), and the JSON-lines journal of earlier versions
 * replays.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonValue } from '../../src/core/codec.ts';
import { createBackend } from '../../src/core/index.ts';
import { readRecords, RECORD_COMMIT, RECORD_DOCUMENTS } from '../../src/journal-format.ts';
import { JOURNAL_FILE, LEGACY_JOURNAL_FILE, replayJournal } from '../../src/journal.ts';
import { EXPORT_FILE, readExport } from '../../src/persistence.ts';
import { start } from '../../src/server.ts';
import { BATCH_SIZE, PAYLOAD as LOAD_PAYLOAD, type LoadOp } from './grpc-load.ts';

const PROJECT = 'demo-journal';
const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const node = fileURLToPath(new URL('../../../../node_modules/.bin/node', import.meta.url));
const PAYLOAD = 'x'.repeat(450);

let root: string;
const children = new Set<ChildProcess>();

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-journal-'));
});

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

/** Starts the CLI on a free port with `--import DIR --export-on-exit DIR`; resolves its port. */
function startCli(dir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    node,
    ['--import', 'tsx', cli, '--port', '0', '--import', dir, '--export-on-exit', dir, '--quiet'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /ready on [^:]+:(\d+)/.exec(out);
      if (ready) resolve({ child, port: Number(ready[1]) });
    });
    child.on('exit', (code) => reject(new Error(`emulator exited (${code}) before ready`)));
  });
}

function commitBody(ids: string[]) {
  return JSON.stringify({
    writes: ids.map((id) => ({
      update: {
        name: `projects/${PROJECT}/databases/(default)/documents/load/${id}`,
        fields: { id: { stringValue: id }, payload: { stringValue: PAYLOAD } },
      },
    })),
  });
}

/** Document ids of the folder's data after a restart (export + journal), read in-process. */
async function idsAfterRestart(dir: string): Promise<Set<string>> {
  const emu = await start({ port: 0, quiet: true, importDir: dir });
  try {
    const data = emu.backend.exportData();
    return new Set(
      data.databases.flatMap((d) => d.documents.map((doc) => doc.path.replace(/^load\//, ''))),
    );
  } finally {
    await emu.stop();
  }
}

const exportedCount = (dir: string) =>
  (readExport(dir)?.databases ?? []).reduce((n, d) => n + d.documents.length, 0);

describe('kill -9 in the middle of a write load', () => {
  it('keeps every acknowledged commit', async () => {
    const dir = path.join(root, 'killed');
    const { child, port } = await startCli(dir);
    const url = `http://127.0.0.1:${port}/v1/projects/${PROJECT}/databases/(default)/documents:commit`;
    const acknowledged: string[] = [];
    let stopped = false;
    let failures = 0;
    const worker = async (w: number) => {
      for (let i = 0; !stopped; i++) {
        const ids = [0, 1, 2, 3, 4].map((j) => `w${w}-${i}-${j}`);
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
            body: commitBody(ids),
          });
          if (res.status !== 200) throw new Error(`status ${res.status}`);
          await res.arrayBuffer();
          acknowledged.push(...ids);
        } catch {
          failures++;
          return; // the emulator is gone
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    while (acknowledged.length < 3000) await new Promise((resolve) => setTimeout(resolve, 5));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL'); // while the workers still have commits in flight
    await exited;
    stopped = true;
    await Promise.all(workers);

    expect(failures).toBeGreaterThan(0); // commits were in flight when it died
    expect(exportedCount(dir)).toBe(0); // nothing came from an export
    expect(fs.statSync(path.join(dir, JOURNAL_FILE)).size).toBeGreaterThan(0);
    const present = await idsAfterRestart(dir);
    const lost = acknowledged.filter((id) => !present.has(id));
    expect(lost).toEqual([]);
    expect(present.size).toBeGreaterThanOrEqual(acknowledged.length);
  });
});

type Fields = Record<string, JsonValue>;
interface Doc {
  fields: Fields;
  updateTime: number;
}
/** One operation of the load (./grpc-load.ts), from its lines: begun, then resolved or failed. */
interface LoadEntry {
  w: number;
  i: number;
  op: LoadOp;
  target: string | null;
  state: 'in flight' | 'acknowledged' | 'failed';
  /** The write times (microseconds) the client got back, or a transaction's n. */
  result?: number[] | number;
  code?: string;
}

const LOAD_WORKERS = 12;
const loadScript = fileURLToPath(new URL('./grpc-load.ts', import.meta.url));
const intOf = (v: JsonValue | undefined) => (v && 'i' in v ? Number(v.i) : undefined);
const microsOf = (v: JsonValue | undefined) =>
  v && 't' in v ? Number(v.t[0]) * 1_000_000 + v.t[1] / 1000 : undefined;

/**
 * Runs ./grpc-load.ts against the emulator at `port` until `acknowledged` operations have
 * resolved, then SIGKILLs the emulator and, once it is dead, the load (whose commits in flight
 * would retry for minutes). Resolves every operation the load began.
 */
async function grpcLoadKilled(
  emulator: ChildProcess,
  port: number,
  project: string,
  acknowledged: number,
): Promise<LoadEntry[]> {
  const load = spawn(node, ['--import', 'tsx', loadScript, project, String(LOAD_WORKERS)], {
    env: { ...process.env, FIRESTORE_EMULATOR_HOST: `127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(load);
  load.on('exit', () => children.delete(load));
  const entries = new Map<string, LoadEntry>();
  let acks = 0;
  let stderr = '';
  let rest = '';
  let killed: Promise<unknown> | undefined;
  load.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = new Promise<void>((resolve, reject) => {
    load.stdout!.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        const event = JSON.parse(line) as {
          b?: [number, number, LoadOp, string | null];
          a?: [number, number, number[] | number];
          f?: [number, number, string];
        };
        if (event.b) {
          const [w, i, op, target] = event.b;
          entries.set(`${w}-${i}`, { w, i, op, target, state: 'in flight' });
        } else if (event.a) {
          const entry = entries.get(`${event.a[0]}-${event.a[1]}`)!;
          entry.state = 'acknowledged';
          entry.result = event.a[2];
          acks++;
        } else if (event.f) {
          const entry = entries.get(`${event.f[0]}-${event.f[1]}`)!;
          entry.state = 'failed';
          entry.code = event.f[2];
        }
      }
      if (acks >= acknowledged && !killed) {
        killed = new Promise((resolve) => emulator.once('exit', resolve));
        emulator.kill('SIGKILL'); // while every worker has an operation in flight
        void killed.then(() => load.kill('SIGKILL'));
      }
    });
    emulator.once('exit', () => {
      if (!killed) load.kill('SIGKILL'); // it died by itself
    });
    load.once('close', () =>
      killed ? resolve() : reject(new Error(`the load or the emulator ended early: ${stderr}`)),
    );
  });
  await closed;
  await killed;
  return [...entries.values()];
}

/** What the gRPC load left that it should not have, given what was acknowledged. */
function grpcLoadProblems(entries: LoadEntry[], docs: Map<string, Doc>): string[] {
  const problems: string[] = [];
  const accounted = new Set<string>();
  const say = (problem: string) => problems.push(problem);
  const times = (e: LoadEntry) => e.result as number[];
  const sorted = (o: object) =>
    JSON.stringify(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  /**
   * The document's fields are `want` (and `at`, the server time of a write committed at `at`
   * microseconds, if given: that commit time to the millisecond, as REQUEST_TIME is).
   */
  const fieldsAre = (path: string, want: Record<string, number | string>, at?: number) => {
    const got: Record<string, number | string | undefined> = {};
    for (const [k, v] of Object.entries(docs.get(path)!.fields)) {
      got[k] = k === 'at' ? microsOf(v) : 's' in v ? v.s : intOf(v);
    }
    const expected = at === undefined ? want : { ...want, at: at - (at % 1000) };
    if (sorted(got) !== sorted(expected)) {
      say(`${path}: ${sorted(got)}, expected ${sorted(expected)}`);
    }
  };
  const deletes = new Map(entries.filter((e) => e.op === 'delete').map((e) => [e.target!, e]));
  let incsAcknowledged = 0;
  let incMarkers = 0;
  for (const e of entries) {
    const id = `w${e.w}-${e.i}`;
    const acked = e.state === 'acknowledged';
    if (e.state === 'failed') say(`${e.op} ${id} failed: ${e.code}`);
    switch (e.op) {
      case 'set': {
        const path = `sets/${id}`;
        accounted.add(path);
        const deletion = deletes.get(id);
        const present = docs.has(path);
        if (deletion?.state === 'acknowledged') {
          if (present) say(`${path} is present after its acknowledged delete`);
        } else if (acked && !deletion && !present) {
          say(`${path} (acknowledged) is missing`);
        } else if (!acked && deletion) {
          say(`${path} was deleted before its set was acknowledged`);
        }
        if (present) {
          fieldsAre(path, { w: e.w, i: e.i, payload: LOAD_PAYLOAD });
          if (acked && docs.get(path)!.updateTime !== times(e)[0]) say(`${path}: update time`);
        }
        break;
      }
      case 'batch': {
        const paths = Array.from({ length: BATCH_SIZE }, (_, j) => `batches/${id}-${j}`);
        for (const path of paths) accounted.add(path);
        const present = paths.filter((path) => docs.has(path));
        if (present.length !== 0 && present.length !== BATCH_SIZE) {
          say(`batch ${id} is there in part: ${present.join(' ')}`);
        }
        if (acked && present.length === 0) say(`batch ${id} (acknowledged) is missing`);
        const time = acked ? times(e)[0] : docs.get(present[0] ?? '')?.updateTime;
        present.forEach((path, j) => {
          fieldsAre(path, { w: e.w, i: e.i, j, payload: LOAD_PAYLOAD }, j === 0 ? time : undefined);
          if (docs.get(path)!.updateTime !== time) say(`${path}: update time`);
        });
        break;
      }
      case 'inc':
      case 'stamp': {
        const path = `${e.op}s/${id}`;
        accounted.add(path);
        if (e.op === 'inc' && acked) incsAcknowledged++;
        if (e.op === 'inc' && docs.has(path)) incMarkers++;
        if (!docs.has(path)) {
          if (acked) say(`${path} (acknowledged) is missing`);
          break;
        }
        // The server timestamp is the commit time the client got back.
        const time = acked ? times(e).at(-1)! : docs.get(path)!.updateTime;
        fieldsAre(path, { w: e.w, i: e.i }, time);
        if (docs.get(path)!.updateTime !== time) say(`${path}: update time`);
        break;
      }
      case 'create':
      case 'chain': {
        const worker = entries.filter(
          (c) => c.w === e.w && (c.op === 'chain' || c.op === 'create'),
        );
        if (worker.at(-1) !== e) break; // once a worker, at its last create or update
        const path = `chain/w${e.w}`;
        accounted.add(path);
        const last = worker.findLast((c) => c.state === 'acknowledged');
        const doc = docs.get(path);
        const v = intOf(doc?.fields.v);
        if (last && v === (last.op === 'create' ? 0 : last.i)) {
          fieldsAre(path, { w: e.w, v: v! }, times(last)[0]);
          if (doc!.updateTime !== times(last)[0]) say(`${path}: update time`);
        } else if (doc && !acked && v === (e.op === 'create' ? 0 : e.i)) {
          fieldsAre(path, { w: e.w, v: v! }, doc.updateTime); // the update in flight landed
        } else if (doc || last) {
          say(`${path}: v ${v}, last acknowledged ${last?.i}, in flight ${acked ? '-' : e.i}`);
        }
        break;
      }
      case 'delete':
        break; // with its set
      case 'tx':
        break; // below
    }
  }
  // Increments: every acknowledged one counted, and each other one counted only with its marker.
  accounted.add('counters/inc');
  const incs = intOf(docs.get('counters/inc')?.fields.n) ?? 0;
  if (incs < incsAcknowledged) say(`counters/inc is ${incs} < ${incsAcknowledged} acknowledged`);
  if (incs !== incMarkers) say(`counters/inc is ${incs}, ${incMarkers} increments' markers`);
  // Transactions: txlog/1..n, one per transaction that landed, the acknowledged ones included.
  accounted.add('counters/tx');
  const n = intOf(docs.get('counters/tx')?.fields.n) ?? 0;
  const transactions = new Map(
    entries.filter((e) => e.op === 'tx').map((e) => [`${e.w}-${e.i}`, e]),
  );
  for (let k = 1; k <= n; k++) {
    const path = `txlog/${k}`;
    accounted.add(path);
    const doc = docs.get(path);
    const tx = transactions.get(`${intOf(doc?.fields.w)}-${intOf(doc?.fields.i)}`);
    if (!doc || !tx) {
      say(`${path} is missing, or from no transaction (counters/tx is ${n})`);
      continue;
    }
    fieldsAre(path, { w: tx.w, i: tx.i, n: k });
    if (tx.state === 'acknowledged' && tx.result !== k)
      say(`${path}: acknowledged as ${tx.result}`);
    transactions.delete(`${tx.w}-${tx.i}`);
  }
  for (const tx of transactions.values()) {
    if (tx.state === 'acknowledged')
      say(`transaction w${tx.w}-${tx.i} (n ${tx.result}) is missing`);
  }
  for (const path of docs.keys()) if (!accounted.has(path)) say(`${path}: from no operation`);
  return problems;
}

describe('kill -9 in the middle of a firebase-admin (gRPC) write load', () => {
  it('keeps every acknowledged commit, each one whole, and in-flight ones whole or not at all', async () => {
    const dir = path.join(root, 'killed-grpc');
    const project = `demo-journal-grpc-${process.pid}-${Date.now()}`;
    const { child, port } = await startCli(dir);
    const entries = await grpcLoadKilled(child, port, project, 600); // some 900 writes
    const count = (op: LoadOp, state: LoadEntry['state']) =>
      entries.filter((e) => e.op === op && e.state === state).length;
    // Every kind of operation was acknowledged, and operations were in flight at the kill.
    for (const op of ['create', 'set', 'batch', 'inc', 'stamp', 'chain', 'delete', 'tx'] as const) {
      expect(count(op, 'acknowledged'), op).toBeGreaterThan(0);
    }
    expect(entries.filter((e) => e.state === 'in flight').length).toBeGreaterThan(0);

    // What the SIGKILL left: no export, and a journal of gRPC Commits (kind 2), at least one
    // for each acknowledged operation (each is one commit).
    expect(exportedCount(dir)).toBe(0);
    const kinds = [...readRecords(fs.readFileSync(path.join(dir, JOURNAL_FILE)))].map(
      (r) => r.kind,
    );
    expect(new Set(kinds)).toEqual(new Set([RECORD_COMMIT]));
    const acknowledged = entries.filter((e) => e.state === 'acknowledged').length;
    expect(kinds.length).toBeGreaterThanOrEqual(acknowledged);

    const emu = await start({ port: 0, quiet: true, importDir: dir });
    let docs: Map<string, Doc>;
    try {
      const data = emu.backend.exportData().databases.find((d) => d.project === project)!;
      docs = new Map(data.documents.map((d) => [d.path, d]));
    } finally {
      await emu.stop();
    }
    expect(grpcLoadProblems(entries, docs)).toEqual([]);
  }, 180_000);
});

describe('the journal on a clean exit and on restart', () => {
  it('SIGTERM folds the journal into the export and empties it', async () => {
    const dir = path.join(root, 'clean');
    const { child, port } = await startCli(dir);
    const url = `http://127.0.0.1:${port}/v1/projects/${PROJECT}/databases/(default)/documents:commit`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: commitBody(['a', 'b']),
    });
    expect(res.status).toBe(200);
    expect(fs.statSync(path.join(dir, JOURNAL_FILE)).size).toBeGreaterThan(0);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.statSync(path.join(dir, JOURNAL_FILE)).size).toBe(0);
    expect(exportedCount(dir)).toBe(2);
  });

  it('ignores a last record cut short, and commits the export already holds', async () => {
    const dir = path.join(root, 'replay');
    const emu = await start({ port: 0, quiet: true, exportOnExit: dir });
    const docs = `projects/${PROJECT}/databases/(default)/documents`;
    const write = (id: string, n: number) =>
      emu.backend.commit({
        database: `projects/${PROJECT}/databases/(default)`,
        writes: [
          {
            update: { name: `${docs}/load/${id}`, fields: { n: { integerValue: String(n) } } },
          },
        ],
      });
    await write('a', 1);
    // An export written after the first commit, as a fold that died before emptying the journal.
    fs.writeFileSync(path.join(dir, EXPORT_FILE), JSON.stringify(emu.backend.exportData()));
    await write('a', 2);
    await write('b', 1);
    const journal = fs.readFileSync(path.join(dir, JOURNAL_FILE));
    // In-process commits come with no request bytes: journaled as the documents they left.
    expect([...readRecords(journal)].map((r) => r.kind)).toEqual([
      RECORD_DOCUMENTS,
      RECORD_DOCUMENTS,
      RECORD_DOCUMENTS,
    ]);
    // Leave the journal as a SIGKILL would (stop() would fold it), plus half a record.
    const saved = { journal, exported: fs.readFileSync(path.join(dir, EXPORT_FILE)) };
    await emu.stop();
    fs.writeFileSync(path.join(dir, EXPORT_FILE), saved.exported);
    const firstRecordBytes = 13 + saved.journal.readUInt32LE(1);
    const half = saved.journal.subarray(0, firstRecordBytes - 5);
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), Buffer.concat([saved.journal, half]));

    const again = await start({ port: 0, quiet: true, importDir: dir });
    try {
      const documents = again.backend.exportData().databases[0]!.documents;
      expect(documents.map((d) => [d.path, d.fields])).toEqual([
        ['load/a', { n: { i: '2' } }],
        ['load/b', { n: { i: '1' } }],
      ]);
    } finally {
      await again.stop();
    }
    // Of the three journaled commits, the one the export already holds is not replayed.
    const backend = createBackend();
    const exported = readExport(dir)!;
    backend.importData(exported);
    expect(replayJournal(dir, backend, exported)).toBe(2);
  });
});

describe('a gRPC Commit journaled as its request bytes', () => {
  it('replays to the same documents, times and transforms', async () => {
    const dir = path.join(root, 'grpc');
    const emu = await start({ port: 0, quiet: true, exportOnExit: dir });
    const previousHost = process.env.FIRESTORE_EMULATOR_HOST;
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emu.port}`;
    const app = initializeApp({ projectId: PROJECT }, `journal-grpc-${Date.now()}`);
    const db = getFirestore(app);
    let before: unknown;
    let saved: { journal: Buffer; exported: Buffer };
    try {
      const batch = db.batch();
      batch.set(db.doc('cells/a'), { n: 1, s: 'é·x', at: FieldValue.serverTimestamp() });
      batch.set(db.doc('cells/b'), { n: 2, tags: ['x', 'y'], m: { k: null } });
      await batch.commit();
      await db.doc('cells/a').update({ n: FieldValue.increment(5), 'm.deep': true });
      await db.doc('cells/b').delete();
      await db.doc('cells/c').create({ bytes: Buffer.from([0, 1, 255]) });
      before = emu.backend.exportData().databases;
      saved = {
        journal: fs.readFileSync(path.join(dir, JOURNAL_FILE)),
        exported: fs.readFileSync(path.join(dir, EXPORT_FILE)),
      };
    } finally {
      await db.terminate();
      await deleteApp(app);
      if (previousHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
      else process.env.FIRESTORE_EMULATOR_HOST = previousHost;
      await emu.stop();
    }
    const kinds = [...readRecords(saved.journal)].map((r) => r.kind);
    expect(kinds).toEqual([RECORD_COMMIT, RECORD_COMMIT, RECORD_COMMIT, RECORD_COMMIT]);
    // As a SIGKILL leaves it: the export from the start (empty) and the whole journal.
    fs.writeFileSync(path.join(dir, EXPORT_FILE), saved.exported);
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), saved.journal);
    const again = await start({ port: 0, quiet: true, importDir: dir });
    try {
      expect(again.backend.exportData().databases).toEqual(before);
    } finally {
      await again.stop();
    }
  });
});

describe('the JSON-lines journal of earlier versions', () => {
  it('is replayed, then folded away', async () => {
    const dir = path.join(root, 'legacy');
    fs.mkdirSync(dir, { recursive: true });
    const entry = (t: number, id: string, n: number) =>
      JSON.stringify({
        p: PROJECT,
        d: '(default)',
        t,
        w: [[`load/${id}`, t, t, { n: { i: String(n) } }]],
      });
    fs.writeFileSync(
      path.join(dir, LEGACY_JOURNAL_FILE),
      `${entry(1_000_000, 'a', 1)}\n${entry(2_000_000, 'b', 2)}\n{"p":"${PROJECT}","d`,
    );
    const emu = await start({ port: 0, quiet: true, importDir: dir, exportOnExit: dir });
    try {
      const documents = emu.backend.exportData().databases[0]!.documents;
      expect(documents.map((d) => [d.path, d.fields])).toEqual([
        ['load/a', { n: { i: '1' } }],
        ['load/b', { n: { i: '2' } }],
      ]);
      expect(fs.existsSync(path.join(dir, LEGACY_JOURNAL_FILE))).toBe(false);
      expect(exportedCount(dir)).toBe(2);
    } finally {
      await emu.stop();
    }
  });
});
