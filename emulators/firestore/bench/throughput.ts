/**
 * Write throughput through firebase-admin, ours beside Google's emulator (the jar, where it is
 * installed): 10,000 documents of 500 B loaded in sequential batches of 500, and 5,000
 * single-document writes with 50 in flight.
 *
 * So that both get the same conditions: the same client (this process, one channel each, a
 * fresh project each round); one uncounted warm-up round on each first (the client's JIT, the
 * JVM's and ours); the order turns every round (neither always runs first, or cold after the
 * other); each ratio is taken within a round, the figure is the median of the rounds' ratios.
 * Beside them, the same load against bench/null-server.ts, a gRPC server that answers at once
 * and does nothing: the client's own ceiling on this machine. The CPU time of each server
 * (/proc) and of the client (this process) is read around every phase.
 *
 * BENCH_ROUNDS (default 5); BENCH_GOOGLE=0 skips Google's emulator.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { initializeApp, deleteApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import {
  googleEmulatorInstalled,
  startGoogleEmulator,
  type GoogleEmulator,
} from '../test/rules/support/google-emulator.ts';
import { HOST, pkgDir, startEmulator, stopChild } from './processes.ts';

export const LOAD_DOCUMENTS = 10_000;
export const LOAD_BATCH = 500;
export const WRITES = 5_000;
export const IN_FLIGHT = 50;
/** The former target, both figures at least twice Google's rate: withdrawn, the measuring client is the ceiling. */
export const TARGET_RATIO = 2;
const WITHDRAWN = 'withdrawn: the measuring client is the ceiling';

/** About 500 bytes of fields, shaped like the product's cells. */
export function cellOf(i: number) {
  return {
    row: Math.floor(i / 40),
    col: i % 40,
    state: i % 7 === 0 ? 'bought' : 'available',
    owner: i % 7 === 0 ? `donor-${i}` : null,
    dedication: `In memory of someone dear, number ${i}. `.padEnd(420, '·'),
    updatedAt: new Date(),
  };
}

const id = (i: number) => `c${String(i).padStart(5, '0')}`;

/** Milliseconds to load `count` documents in sequential batches of `batchSize`. */
export async function batchLoad(db: Firestore, count: number, batchSize: number): Promise<number> {
  const started = performance.now();
  for (let from = 0; from < count; from += batchSize) {
    const batch = db.batch();
    for (let i = from; i < Math.min(count, from + batchSize); i++) {
      batch.set(db.doc(`load/${id(i)}`), cellOf(i));
    }
    await batch.commit();
  }
  return performance.now() - started;
}

/** Writes per second of `count` single-document sets, `inFlight` at a time. */
export async function parallelWrites(
  db: Firestore,
  count: number,
  inFlight: number,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let i = next++; i < count; i = next++) await db.doc(`writes/${id(i)}`).set(cellOf(i));
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** A server under load: where the client reaches it, and its process (for its CPU time). */
export interface Target {
  host: string;
  pid: number | undefined;
}

interface Phase {
  /** Wall-clock milliseconds. */
  ms: number;
  /** CPU milliseconds of the server's process (all its threads), and of the client's. */
  serverCpu: number;
  clientCpu: number;
}

interface Round {
  load: Phase;
  writes: Phase;
}

/** CPU milliseconds (user + system, all threads) a process has used, NaN if unknown. */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

function clientCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function phase(pid: number | undefined, body: () => Promise<unknown>): Promise<Phase> {
  const server = cpuMs(pid);
  const client = clientCpuMs();
  const started = performance.now();
  await body();
  return {
    ms: performance.now() - started,
    serverCpu: cpuMs(pid) - server,
    clientCpu: clientCpuMs() - client,
  };
}

/** One round on `target`, in a project of its own, deleted afterwards. */
async function measureOnce(
  target: Target,
  round: string,
  documents = LOAD_DOCUMENTS,
  writes = WRITES,
): Promise<Round> {
  const previous = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = target.host;
  const projectId = `throughput-${round}-${Math.random().toString(36).slice(2, 8)}`;
  let app: App | undefined;
  try {
    app = initializeApp({ projectId }, projectId);
    const db = getFirestore(app);
    await db.doc('warm/up').set({ at: 1 }); // the client's channel, outside the figures
    const load = await phase(target.pid, () => batchLoad(db, documents, LOAD_BATCH));
    const written = await phase(target.pid, () => parallelWrites(db, writes, IN_FLIGHT));
    await db.terminate();
    return { load, writes: written };
  } finally {
    if (app) await deleteApp(app).catch(() => {});
    if (previous === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
    else process.env.FIRESTORE_EMULATOR_HOST = previous;
    await fetch(
      `http://${target.host}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
      {
        method: 'DELETE',
      },
    ).catch(() => {}); // the null server has nothing to delete
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** Medians over the rounds of one server. */
export interface Figures {
  loadMs: number;
  writesPerSecond: number;
  /** CPU milliseconds of the server for the load, and for the writes. */
  loadCpu: number;
  writesCpu: number;
  /** CPU milliseconds of the client (firebase-admin, this process) for the load, the writes. */
  clientLoadCpu: number;
  clientWritesCpu: number;
}

function figuresOf(rounds: Round[]): Figures {
  return {
    loadMs: median(rounds.map((r) => r.load.ms)),
    writesPerSecond: median(rounds.map((r) => WRITES / (r.writes.ms / 1000))),
    loadCpu: median(rounds.map((r) => r.load.serverCpu)),
    writesCpu: median(rounds.map((r) => r.writes.serverCpu)),
    clientLoadCpu: median(rounds.map((r) => r.load.clientCpu)),
    clientWritesCpu: median(rounds.map((r) => r.writes.clientCpu)),
  };
}

/** Ratios of rates (above 1: the first is faster), round by round, and their median. */
export interface Ratios {
  load: number;
  writes: number;
}

function ratiosOf(a: Round[], b: Round[]): Ratios {
  return {
    load: median(a.map((r, i) => b[i]!.load.ms / r.load.ms)),
    writes: median(a.map((r, i) => b[i]!.writes.ms / r.writes.ms)),
  };
}

export interface Comparison {
  ours: Figures;
  google?: Figures;
  /** Ours against Google's, and the null server against Google's (the client's ceiling). */
  oursVsGoogle?: Ratios;
  ceilingVsGoogle?: Ratios;
  /** The null server's figures: the client alone. */
  ceiling?: Figures;
  rounds: number;
  /** The 1-minute load average before and after. */
  loadAverage: [number, number];
}

const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** bench/null-server.ts, started with the project's node (default flags). */
async function startNullServer() {
  const started = await startEmulator([
    '--import',
    'tsx',
    path.join(pkgDir, 'bench/null-server.ts'),
  ]);
  return {
    target: { host: `${HOST}:${started.port}`, pid: started.child.pid },
    child: started.child,
  };
}

/**
 * A warm-up round on each server, then `rounds` rounds of all of them, the order turned by one
 * every round; Google's emulator (started here, stopped at the end) is skipped when its jar is
 * not installed or `withGoogle` is false.
 */
export async function compareThroughput(
  ours: Target,
  rounds: number,
  withGoogle: boolean | undefined = undefined,
): Promise<Comparison> {
  let google: GoogleEmulator | undefined;
  let nullServer: Awaited<ReturnType<typeof startNullServer>> | undefined;
  const before = loadAverage();
  try {
    if (withGoogle ?? googleEmulatorInstalled())
      google = await startGoogleEmulator({ longRunning: true });
    nullServer = await startNullServer();
    const targets: Array<{ name: 'ours' | 'google' | 'ceiling'; target: Target }> = [
      { name: 'ours', target: ours },
      ...(google
        ? [{ name: 'google' as const, target: { host: new URL(google.url).host, pid: google.pid } }]
        : []),
      { name: 'ceiling', target: nullServer.target },
    ];
    for (const { name, target } of targets) await measureOnce(target, `warm-${name}`, 2_000, 1_000);
    const runs = { ours: [] as Round[], google: [] as Round[], ceiling: [] as Round[] };
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < targets.length; i++) {
        const { name, target } = targets[(i + round) % targets.length]!;
        runs[name].push(await measureOnce(target, `${name}${round}`));
      }
    }
    return {
      ours: figuresOf(runs.ours),
      google: google && figuresOf(runs.google),
      oursVsGoogle: google && ratiosOf(runs.ours, runs.google),
      ceilingVsGoogle: google && ratiosOf(runs.ceiling, runs.google),
      ceiling: figuresOf(runs.ceiling),
      rounds,
      loadAverage: [before, loadAverage()],
    };
  } finally {
    await google?.stop();
    if (nullServer) await stopChild(nullServer.child);
  }
}

const fmtRate = (x: number) => `${Math.round(x).toLocaleString('en')}/s`;
const fmtMs = (x: number) => `${x.toFixed(0)} ms`;
const fmtS = (x: number) => `${(x / 1000).toFixed(2)} s`;
const fmtX = (x: number) => `${x.toFixed(2)}x`;

/**
 * The bench table's rows: each figure beside Google's and beside the former target (2x Google's rate),
 * with the CPU each side spent and the client's ceiling.
 */
export function throughputRows(c: Comparison): string[][] {
  const { ours, google, rounds } = c;
  const paired = `median of ${rounds} paired rounds`;
  const load = `load ${LOAD_DOCUMENTS.toLocaleString('en')} documents of 500 B in batches of ${LOAD_BATCH} (admin, ${paired})`;
  const writes = `${WRITES.toLocaleString('en')} single-document writes, ${IN_FLIGHT} in flight (admin, ${paired})`;
  const machine = `load average ${c.loadAverage[0].toFixed(1)} -> ${c.loadAverage[1].toFixed(1)}`;
  if (!google || !c.oursVsGoogle || !c.ceilingVsGoogle || !c.ceiling) {
    const why = "Google's emulator not installed: no comparison";
    return [
      [load, fmtMs(ours.loadMs), `${WITHDRAWN} (was <= Google's / ${TARGET_RATIO})`, why],
      [
        writes,
        fmtRate(ours.writesPerSecond),
        `${WITHDRAWN} (was >= ${TARGET_RATIO}x Google's)`,
        why,
      ],
    ];
  }
  const { oursVsGoogle: vs, ceilingVsGoogle: ceil, ceiling } = c;
  return [
    [
      load,
      fmtMs(ours.loadMs),
      `${WITHDRAWN} (was <= ${fmtMs(google.loadMs / TARGET_RATIO)}, Google's / ${TARGET_RATIO})`,
      `Google's ${fmtMs(google.loadMs)}: ours ${fmtX(vs.load)} its rate; ` +
        `server CPU ours ${fmtS(ours.loadCpu)}, Google's ${fmtS(google.loadCpu)}; ` +
        `client CPU ${fmtS(ours.clientLoadCpu)} (with Google's ${fmtS(google.clientLoadCpu)}); ` +
        `a server doing nothing: ${fmtMs(ceiling.loadMs)}, ${fmtX(ceil.load)} Google's rate; ${machine}`,
    ],
    [
      writes,
      fmtRate(ours.writesPerSecond),
      `${WITHDRAWN} (was >= ${fmtRate(google.writesPerSecond * TARGET_RATIO)}, ${TARGET_RATIO}x Google's)`,
      `Google's ${fmtRate(google.writesPerSecond)}: ours ${fmtX(vs.writes)} its rate; ` +
        `server CPU ours ${fmtS(ours.writesCpu)}, Google's ${fmtS(google.writesCpu)}; ` +
        `client CPU ${fmtS(ours.clientWritesCpu)} (with Google's ${fmtS(google.clientWritesCpu)}); ` +
        `a server doing nothing: ${fmtRate(ceiling.writesPerSecond)}, ${fmtX(ceil.writes)} Google's rate`,
    ],
  ];
}
