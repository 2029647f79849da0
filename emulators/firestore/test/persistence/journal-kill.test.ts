/**
 * Crash safety: the emulator (the CLI, in its own process) is killed with SIGKILL in the middle
 * of a write load; every commit it acknowledged is there after a restart on the same folder,
 * from the journal (the export on disk holds none of them). Also: a clean exit folds the journal
 * into the export, a line cut short by the kill is ignored, and a journal already folded into
 * the export is not applied twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../src/core/index.ts';
import { JOURNAL_FILE, replayJournal } from '../../src/journal.ts';
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

  it('ignores a last line cut short, and commits the export already holds', async () => {
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
    const journal = fs.readFileSync(path.join(dir, JOURNAL_FILE), 'utf8');
    expect(journal.trim().split('\n')).toHaveLength(3);
    // Leave the journal as a SIGKILL would (stop() would fold it), plus half a line.
    const saved = { journal, exported: fs.readFileSync(path.join(dir, EXPORT_FILE)) };
    await emu.stop();
    fs.writeFileSync(path.join(dir, EXPORT_FILE), saved.exported);
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), `${saved.journal}{"p":"${PROJECT}","d":"(def`);

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
