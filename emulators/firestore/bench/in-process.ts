/**
 * Figures measured on the core itself (no transport): the query cost over 10,000 documents and
 * the cost of security rules (a `get` under a three-condition rule against no rules; the map's
 * 936-document `cells` listener under the product's firestore.rules against no rules), and the
 * cost of the crash-safe journal per commit.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAccessHooks, RulesRegistry } from '../src/access.ts';
import type { Caller } from '../src/backend.ts';
import type { RunQueryRequest, Value, Write } from '../src/proto-types.ts';
import { toTimestamp } from '../src/core/clock.ts';
import { createBackend, createCoreState } from '../src/core/index.ts';
import { startJournal } from '../src/journal.ts';
import { compileRules } from '../src/rules/index.ts';

const PROJECT = 'bench-in-process';
const DB = `projects/${PROJECT}/databases/(default)`;
const DOCS = `${DB}/documents`;
const donor: Caller = {
  owner: false,
  auth: { uid: 'donor-1', token: { sub: 'donor-1', staff: false } },
};

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (x: number) => `${x.toFixed(x < 10 ? 3 : 1)} ms`;

async function timeEach(runs: number, body: () => Promise<unknown> | unknown): Promise<number[]> {
  for (let i = 0; i < Math.min(50, runs); i++) await body(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await body();
    samples.push(performance.now() - started);
  }
  return samples;
}

function emulator(rulesSource?: string) {
  const registry = new RulesRegistry();
  if (rulesSource) {
    const compiled = compileRules(rulesSource);
    if (!compiled.ok)
      throw new Error(`bench rules do not compile: ${JSON.stringify(compiled.errors)}`);
    registry.setProjectRules(PROJECT, compiled.rules);
  }
  return createBackend(createCoreState(createAccessHooks(registry)));
}

async function writeCells(backend: ReturnType<typeof emulator>, count: number) {
  const writes: Write[] = [];
  for (let i = 0; i < count; i++) {
    const fields: Record<string, Value> = {
      row: { integerValue: String(Math.floor(i / 36)) },
      col: { integerValue: String(i % 36) },
      state: { stringValue: i % 7 === 0 ? 'bought' : i % 5 === 0 ? 'reserved' : 'available' },
      owner: i % 7 === 0 ? { stringValue: `donor-${i}` } : { nullValue: 'NULL_VALUE' },
      group: { integerValue: String(i % 20) },
    };
    writes.push({ update: { name: `${DOCS}/cells/c${String(i).padStart(5, '0')}`, fields } });
    if (writes.length === 500) await backend.commit({ database: DB, writes: writes.splice(0) });
  }
  if (writes.length) await backend.commit({ database: DB, writes });
}

export async function inProcessRows(repoRoot: string): Promise<string[][]> {
  const rows: string[][] = [];

  // Query: == + orderBy + limit 50 over 10,000 documents (500 match the equality).
  const plain = emulator();
  await writeCells(plain, 10_000);
  const query: RunQueryRequest = {
    parent: DOCS,
    structuredQuery: {
      from: [{ collectionId: 'cells' }],
      where: {
        fieldFilter: { field: { fieldPath: 'group' }, op: 'EQUAL', value: { integerValue: '7' } },
      },
      orderBy: [{ field: { fieldPath: 'row' }, direction: 'DESCENDING' }],
      limit: { value: 50 },
    },
  };
  const querySamples = await timeEach(300, () => plain.runQuery(query));
  rows.push([
    'query == + orderBy + limit 50 over 10,000 docs, p50',
    ms(percentile(querySamples, 50)),
    '< 3 ms',
    `p95 ${ms(percentile(querySamples, 95))}; 500 documents match the equality (in-process)`,
  ]);

  // A get under a three-condition rule, against no rules.
  const threeConditions = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /cells/{cell} {
      allow get: if request.auth != null && resource.data.state in ['available', 'bought', 'reserved']
        && request.auth.token.staff == false;
    }
  }
}`;
  const ruled = emulator(threeConditions);
  await writeCells(ruled, 1000);
  const get = { name: `${DOCS}/cells/c00042` };
  const open = await timeEach(2000, () => plain.getDocument(get, donor));
  const guarded = await timeEach(2000, () => ruled.getDocument(get, donor));
  rows.push([
    'get under a three-condition rule, p50 / p95',
    `${ms(percentile(guarded, 50))} / ${ms(percentile(guarded, 95))}`,
    '',
    `no rules: ${ms(percentile(open, 50))} / ${ms(percentile(open, 95))} (in-process)`,
  ]);

  // The map's listener: 936 cells under the product's rules, against no rules.
  const productRules = readFileSync(path.join(repoRoot, 'firestore.rules'), 'utf8');
  const listenTimes = async (backend: ReturnType<typeof emulator>) =>
    timeEach(50, () => {
      let current = false;
      const stream = backend.openListen(
        {
          send: (m) => {
            if (m.targetChange?.targetChangeType === 'CURRENT') current = true;
          },
          fail: (e) => {
            throw e;
          },
        },
        { owner: false, auth: null },
      );
      stream.onRequest({
        database: DB,
        addTarget: {
          targetId: 2,
          query: { parent: DOCS, structuredQuery: { from: [{ collectionId: 'cells' }] } },
        },
      });
      stream.close();
      if (!current) throw new Error('the cells listener was refused');
    });
  const mapPlain = emulator();
  await writeCells(mapPlain, 936);
  const mapRuled = emulator(productRules);
  await writeCells(mapRuled, 936);
  const withoutRules = await listenTimes(mapPlain);
  const withRules = await listenTimes(mapRuled);
  rows.push([
    '936-cell listener (ADD -> CURRENT) under firestore.rules, p50 / p95',
    `${ms(percentile(withRules, 50))} / ${ms(percentile(withRules, 95))}`,
    '',
    `no rules: ${ms(percentile(withoutRules, 50))} / ${ms(percentile(withoutRules, 95))} (in-process)`,
  ]);
  rows.push(await journalRow());
  return rows;
}

/** A single-document commit of about 500 B with the journal (src/journal.ts) and without. */
async function journalRow(): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-journal-'));
  const journaled = emulator();
  const journal = startJournal(dir, journaled, () => {});
  const plain = emulator();
  let n = 0;
  const commitOne = (backend: ReturnType<typeof emulator>) => () =>
    backend.commit({
      database: DB,
      writes: [
        {
          update: {
            name: `${DOCS}/lat/d${n++ % 50}`,
            fields: {
              n: { integerValue: String(n) },
              note: { stringValue: 'x'.repeat(450) },
              at: { timestampValue: toTimestamp(Date.now() * 1000) },
            },
          },
        },
      ],
    });
  try {
    const without = await timeEach(3000, commitOne(plain));
    const withJournal = await timeEach(3000, commitOne(journaled));
    const p50 = percentile(withJournal, 50);
    return [
      'commit with the journal (500 B document), p50',
      ms(p50),
      '< 1 ms',
      `p95 ${ms(percentile(withJournal, 95))}; without the journal p50 ${ms(percentile(without, 50))}, so the journal costs ${ms(Math.max(0, p50 - percentile(without, 50)))} (in-process)`,
    ];
  } finally {
    journal.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Run as a script (`node <flags> --import tsx bench/in-process.ts REPO_ROOT`), it prints the rows
 * as JSON: run.ts starts it with the V8 flags the emulator runs with under `npm start`.
 */
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.stdout.write(JSON.stringify(await inProcessRows(process.argv[2] ?? '.')));
}
