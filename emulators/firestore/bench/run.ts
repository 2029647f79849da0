/**
 * Firestore emulator benchmark (`npm run bench -w emulators/firestore`). Figures, not pass/fail.
 *
 *  1. start-up: spawn the CLI (`node --import tsx src/cli.ts`, and the bundle of build.mjs) and
 *     time process start -> first accepted TCP connection (the port opens once all is loaded);
 *  2. RSS (/proc/<pid>/status VmRSS) idle, after 1,000 and after 10,000 documents of 500 B;
 *  3. commit latency p50/p95 over 500 single-document commits with firebase-admin (the load
 *     instance runs with --export-on-exit: every commit is journaled, as in the stack);
 *  4. commit -> 20 browser-SDK onSnapshot listeners (headless Chromium) latency over 50 commits;
 *  5. in-process (bench/in-process.ts): query == + orderBy + limit over 10,000 documents, and
 *     the cost of security rules (a get under a three-condition rule, the 936-cell listener);
 *  6. write throughput beside Google's emulator (bench/throughput.ts): a batch load and
 *     parallel single writes, each with its former target (twice Google's rate; withdrawn: the
 *     measuring client is the ceiling), the CPU each side
 *     spent, and the client's ceiling (the same load on bench/null-server.ts).
 *
 * Options (env): BENCH_EXTERNAL=host:port benchmarks an already running emulator (skips 1-2);
 * BENCH_PAGES (default 5) x BENCH_LISTENERS_PER_PAGE (default 4) listeners; BENCH_COMMITS (500);
 * BENCH_LISTEN_COMMITS (50); BENCH_STARTS (5 start-up runs per mode); BENCH_ROUNDS (5 throughput
 * rounds).
 * Ports are free ones the OS hands out. Exits by itself and kills everything it started.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleHarness } from '../test/conformance/harness/build.ts';
import { serveHarness, type StaticServer } from '../test/conformance/harness/server.ts';
import { launchChromium } from '../test/conformance/drivers/browser.ts';
import type { Browser } from 'playwright-core';
import {
  BUNDLE_FLAGS,
  bundleCli,
  HOST,
  NODE,
  now,
  pkgDir,
  repoRoot,
  sleep,
  startEmulator,
  stopAll,
  stopChild,
} from './processes.ts';
import { cellOf, compareThroughput, throughputRows } from './throughput.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.join(pkgDir, 'src/cli.ts');

const env = (k: string, d: number) => (process.env[k] ? Number(process.env[k]) : d);
const N_STARTS = env('BENCH_STARTS', 5);
const N_COMMITS = env('BENCH_COMMITS', 500);
const N_LISTEN_COMMITS = env('BENCH_LISTEN_COMMITS', 50);
const PAGES = env('BENCH_PAGES', 5);
const PER_PAGE = env('BENCH_LISTENERS_PER_PAGE', 4);

let browser: Browser | undefined;
let staticServer: StaticServer | undefined;

const log = (s: string) => process.stderr.write(`[bench] ${s}\n`);

function pct(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}
const median = (xs: number[]) => pct(xs, 50);
const fmtMs = (x: number) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 2 : 1)} ms` : 'n/a');
const fmtMiB = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} MiB` : 'n/a');

function rssMiB(pid: number, field = 'VmRSS'): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'),
    );
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function writeCells(
  db: import('firebase-admin/firestore').Firestore,
  from: number,
  to: number,
) {
  let next = from;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let i = next++; i < to; i = next++) {
        await db.doc(`cells/c${String(i).padStart(5, '0')}`).set(cellOf(i));
      }
    }),
  );
}

async function measureStartups(
  label: string,
  argv: string[],
  rows: string[][],
): Promise<number | undefined> {
  const connect: number[] = [];
  const ready: number[] = [];
  const idle: number[] = [];
  for (let i = 0; i < N_STARTS; i++) {
    try {
      const s = await startEmulator(argv);
      connect.push(s.connectMs);
      if (!Number.isNaN(s.readyMs)) ready.push(s.readyMs);
      await sleep(500);
      idle.push(rssMiB(s.child.pid!));
      await stopChild(s.child);
    } catch (e) {
      log(`${label}: start-up failed: ${(e as Error).message}`);
      return undefined;
    }
  }
  rows.push([
    `start -> TCP accept (${label}), median of ${connect.length}`,
    fmtMs(median(connect)),
    '< 150 ms',
    `min ${fmtMs(Math.min(...connect))}, max ${fmtMs(Math.max(...connect))}; "ready" line ${fmtMs(median(ready))}; idle RSS ${fmtMiB(median(idle))}`,
  ]);
  return median(connect);
}

/**
 * Spawn -> first write acknowledged to firebase-admin (the issue's start-up figure): the client
 * is created before the spawn (it connects lazily), the write is sent once the port accepts.
 */
async function measureFirstWrite(label: string, argv: string[], rows: string[][]): Promise<void> {
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const times: number[] = [];
  for (let i = 0; i < N_STARTS + 1; i++) {
    let firstWriteMs = NaN;
    let app: import('firebase-admin/app').App | undefined;
    try {
      const s = await startEmulator(argv, async (port, t0) => {
        process.env.FIRESTORE_EMULATOR_HOST = `${HOST}:${port}`;
        app = initializeApp({ projectId: 'bench-start' }, `first-write-${i}`);
        await getFirestore(app).doc('start/first').set({ at: 1 });
        firstWriteMs = now() - t0;
      });
      await stopChild(s.child);
    } catch (e) {
      log(`${label}: first write failed: ${(e as Error).message}`);
      return;
    } finally {
      if (app) await deleteApp(app).catch(() => {});
      delete process.env.FIRESTORE_EMULATOR_HOST;
    }
    // The first run warms the client's own modules (not the emulator's start): not counted.
    if (i > 0) times.push(firstWriteMs);
  }
  rows.push([
    `spawn -> first Admin SDK write acknowledged (${label}), median of ${times.length}`,
    fmtMs(median(times)),
    '< 150 ms',
    `min ${fmtMs(Math.min(...times))}, max ${fmtMs(Math.max(...times))}; client created before the spawn, write sent at TCP accept`,
  ]);
}

async function main() {
  const rows: string[][] = [];
  const external = process.env.BENCH_EXTERNAL;
  let emuHost: string;
  let emuPid: number | undefined;
  let mainChild: ChildProcess | undefined;
  let loadArgv: string[] | undefined;
  const loadDataDir = mkdtempSync(path.join(tmpdir(), 'bench-firestore-data-'));

  if (!external) {
    if (!existsSync(CLI)) throw new Error(`${CLI} does not exist yet`);
    const tsxArgv = ['--import', 'tsx', CLI];
    log('measuring start-up via tsx ...');
    const tsxMs = await measureStartups('node --import tsx src/cli.ts', tsxArgv, rows);
    log('bundling the CLI with esbuild ...');
    const bundle = bundleCli();
    if (!bundle) log('could not build the bundle; measuring tsx only');
    let bundleMs: number | undefined;
    if (bundle) {
      log('measuring start-up via the bundle ...');
      bundleMs = await measureStartups('prebuilt esbuild bundle', [...BUNDLE_FLAGS, bundle], rows);
      await measureFirstWrite('prebuilt esbuild bundle', [...BUNDLE_FLAGS, bundle], rows);
    }
    const useBundle = bundle && bundleMs !== undefined && (tsxMs === undefined || bundleMs < tsxMs);
    const argv = useBundle ? [...BUNDLE_FLAGS, bundle!] : tsxArgv;
    if (!useBundle && tsxMs === undefined) throw new Error('the emulator CLI did not start');
    log(`starting the emulator for the load figures (${useBundle ? 'bundle' : 'tsx'}) ...`);
    // With --export-on-exit, as the stack runs it: every commit goes through the journal.
    loadArgv = argv;
    const s = await startEmulator([...argv, '--export-on-exit', loadDataDir]);
    mainChild = s.child;
    emuPid = s.child.pid!;
    emuHost = `${HOST}:${s.port}`;
    await sleep(1000);
    rows.push([
      'RSS idle (load instance)',
      fmtMiB(rssMiB(emuPid)),
      '< 60 MiB',
      useBundle ? 'bundle' : 'tsx',
    ]);
  } else {
    emuHost = external;
    log(`benchmarking the external emulator at ${external} (no start-up / RSS figures)`);
  }
  process.env.FIRESTORE_EMULATOR_HOST = emuHost;
  const [emuAddr, emuPortStr] = [
    emuHost.slice(0, emuHost.lastIndexOf(':')),
    emuHost.slice(emuHost.lastIndexOf(':') + 1),
  ];

  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const projectId = `bench-${Math.random().toString(36).slice(2, 8)}`;
  const app = initializeApp({ projectId }, 'bench');
  const db = getFirestore(app);

  try {
    // 2. 1,000 then 10,000 documents of about 500 B (shaped like the product's cells).
    log('writing 1,000 documents ...');
    const tW = now();
    await writeCells(db, 0, 1000);
    const writeMs = now() - tW;
    if (emuPid) {
      await sleep(500);
      const rss = rssMiB(emuPid);
      rows.push([
        'RSS after 1,000 documents of 500 B',
        fmtMiB(rss),
        '< 70 MiB',
        `peak VmHWM ${fmtMiB(rssMiB(emuPid, 'VmHWM'))}; written in ${fmtMs(writeMs)} (10 parallel writers)`,
      ]);
      log('writing 9,000 more documents ...');
      await writeCells(db, 1000, 10_000);
      await sleep(500);
      rows.push([
        'RSS after 10,000 documents of 500 B',
        fmtMiB(rssMiB(emuPid)),
        '< 100 MiB',
        `peak VmHWM ${fmtMiB(rssMiB(emuPid, 'VmHWM'))}`,
      ]);
    } else {
      rows.push(['write 1,000 documents', fmtMs(writeMs), '', '10 parallel writers']);
    }

    // 3. Commit latency, sequential single-document commits.
    log(`commit latency over ${N_COMMITS} commits ...`);
    for (let i = 0; i < 50; i++) await db.doc(`lat/warm${i}`).set({ i });
    const lat: number[] = [];
    for (let i = 0; i < N_COMMITS; i++) {
      const t = now();
      await db.doc(`lat/d${i % 50}`).set({ i, at: new Date(), note: 'latency sample' });
      lat.push(now() - t);
    }
    rows.push([
      `commit latency p50 (admin set, n=${N_COMMITS})`,
      fmtMs(pct(lat, 50)),
      '',
      external ? '' : 'journal on (--export-on-exit)',
    ]);
    rows.push([
      `commit latency p95`,
      fmtMs(pct(lat, 95)),
      '< 5 ms',
      `p99 ${fmtMs(pct(lat, 99))}, max ${fmtMs(Math.max(...lat))}`,
    ]);

    // 4. Commit -> 20 browser listeners.
    log(`commit -> ${PAGES * PER_PAGE} browser listeners over ${N_LISTEN_COMMITS} commits ...`);
    const listenRows = await listenerLatency(db, projectId, emuAddr, Number(emuPortStr));
    rows.push(...listenRows);

    if (emuPid)
      rows.push([
        'RSS at the end',
        fmtMiB(rssMiB(emuPid)),
        '',
        `peak VmHWM ${fmtMiB(rssMiB(emuPid, 'VmHWM'))}`,
      ]);
    log(`in-process figures: query cost, rules cost (node ${BUNDLE_FLAGS.join(' ')}) ...`);
    rows.push(...inProcessRows());
    rows.push(...(await throughput(loadArgv, external)));
  } finally {
    await fetch(
      `http://${emuHost}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
      { method: 'DELETE' },
    ).catch(() => {});
    await db.terminate().catch(() => {});
    await deleteApp(app).catch(() => {});
    if (mainChild) await stopChild(mainChild);
    rmSync(loadDataDir, { recursive: true, force: true });
  }
  printTable(rows, external);
}

/**
 * 6. Write throughput beside Google's emulator, on an instance of its own (the load instance's
 * memory figures stay those of 10,000 documents), with the journal on as the stack runs it.
 */
async function throughput(argv: string[] | undefined, external?: string): Promise<string[][]> {
  const rounds = env('BENCH_ROUNDS', 5);
  log(`write throughput, ours and Google's emulator, ${rounds} rounds ...`);
  if (external)
    return throughputRows(await compareThroughput({ host: external, pid: undefined }, rounds));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-firestore-throughput-'));
  const s = await startEmulator([...argv!, '--export-on-exit', dataDir]);
  try {
    return throughputRows(
      await compareThroughput({ host: `${HOST}:${s.port}`, pid: s.child.pid }, rounds),
    );
  } finally {
    await stopChild(s.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** bench/in-process.ts in a node with the emulator's V8 flags, so its figures are the product's. */
function inProcessRows(): string[][] {
  const run = spawnSync(
    NODE,
    [...BUNDLE_FLAGS, '--import', 'tsx', path.join(here, 'in-process.ts'), repoRoot],
    { cwd: pkgDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (run.status !== 0) throw new Error(`bench/in-process.ts failed (exit ${run.status})`);
  return JSON.parse(run.stdout) as string[][];
}

async function listenerLatency(
  db: import('firebase-admin/firestore').Firestore,
  projectId: string,
  host: string,
  port: number,
): Promise<string[][]> {
  const js = await bundleHarness(path.join(here, 'listener-page.ts'));
  staticServer = await serveHarness(js);
  browser = await launchChromium();
  type PageState = { arrivals: Record<number, number>[]; ready: boolean[]; errors: string[] };
  await db.doc('live/d').set({ seq: -1 });
  const pages: import('playwright-core').Page[] = [];
  for (let p = 0; p < PAGES; p++) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(staticServer.url);
    await page.evaluate(
      (cfg) => (globalThis as unknown as { bench: { start(c: unknown): void } }).bench.start(cfg),
      {
        projectId,
        host,
        port,
        listeners: PER_PAGE,
        longPolling: process.env.BENCH_LONG_POLLING === '1',
      },
    );
    pages.push(page);
  }
  const read = () =>
    Promise.all(
      pages.map((pg) =>
        pg.evaluate(() => (globalThis as unknown as { bench: { state: PageState } }).bench.state),
      ),
    );
  const deadlineReady = now() + 20_000;
  for (;;) {
    const st = await read();
    const errs = st.flatMap((s) => s.errors);
    if (errs.length) throw new Error(`listener errors: ${errs.join('; ')}`);
    if (st.every((s) => s.ready.length === PER_PAGE && s.ready.every(Boolean))) break;
    if (now() > deadlineReady)
      throw new Error(
        `browser listeners did not receive their first server snapshot within 20 s: ${JSON.stringify(st.map((s) => s.ready))}`,
      );
    await sleep(50);
  }
  await sleep(300);

  const all: number[] = [];
  const slowest: number[] = [];
  const sent: number[] = [];
  let missed = 0;
  for (let seq = 0; seq < N_LISTEN_COMMITS; seq++) {
    const t0 = now();
    await db.doc('live/d').set({ seq });
    sent.push(t0);
    const deadline = now() + 10_000;
    let arrivals: number[];
    for (;;) {
      const st = await read();
      arrivals = st.flatMap((s) => s.arrivals.map((a) => a[seq]!)).filter((x) => x !== undefined);
      if (arrivals.length === PAGES * PER_PAGE) break;
      if (now() > deadline) {
        missed += PAGES * PER_PAGE - arrivals.length;
        break;
      }
      await sleep(5);
    }
    const d = arrivals.map((a) => a - t0);
    all.push(...d);
    if (d.length) slowest.push(Math.max(...d));
    await sleep(20);
  }
  return [
    [
      `commit -> listener p50 (${PAGES * PER_PAGE} listeners on ${PAGES} pages, ${N_LISTEN_COMMITS} commits)`,
      fmtMs(pct(all, 50)),
      '',
      '',
    ],
    [
      'commit -> listener p95',
      fmtMs(pct(all, 95)),
      '< 50 ms',
      `max ${fmtMs(Math.max(...all))}; commit -> slowest of ${PAGES * PER_PAGE}: p50 ${fmtMs(pct(slowest, 50))}, p95 ${fmtMs(pct(slowest, 95))}${missed ? `; ${missed} deliveries MISSING after 10 s` : ''}`,
    ],
  ];
}

function printTable(rows: string[][], external?: string) {
  const head = ['measure', 'figure', 'target', 'notes'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (c ?? '').padEnd(widths[i]!)).join(' | ');
  const out = [
    '',
    `Firestore emulator benchmark${external ? ` (external emulator ${external})` : ''} — ${new Date().toISOString()}`,
    line(head),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...rows.map(line),
    '',
  ].join('\n');
  process.stdout.write(out);
  const resultsDir = path.join(here, '.build');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, 'last-result.txt'), out);
}

async function cleanup() {
  await browser?.close().catch(() => {});
  await staticServer?.close().catch(() => {});
  await stopAll();
}

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

main()
  .then(async () => {
    await cleanup();
    process.exit(0);
  })
  .catch(async (e) => {
    console.error(`[bench] failed: ${(e as Error)?.stack ?? e}`);
    await cleanup();
    process.exit(1);
  });
