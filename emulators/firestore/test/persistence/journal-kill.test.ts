/**
 * Crash safety: the emulator (the CLI, in its own process) is killed with SIGKILL in the middle
 * of a write load; every commit it acknowledged is there after a restart on the same folder,
 * from the journal (the export on disk holds none of them). Also: a clean exit folds the journal
 * into the export, a record cut short by the kill is ignored, a journal already folded into
 * the export is not applied twice, a gRPC Commit journaled as its request bytes replays to the
 * same documents (transforms included), and the JSON-lines journal of earlier versions replays.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../src/core/index.ts';
import { readRecords, RECORD_COMMIT, RECORD_DOCUMENTS } from '../../src/journal-format.ts';
import { JOURNAL_FILE, LEGACY_JOURNAL_FILE, replayJournal } from '../../src/journal.ts';
import { EXPORT_FILE, readExport } from '../../src/persistence.ts';
import { start } from '../../src/server.ts';

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
