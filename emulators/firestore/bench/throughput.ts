/**
 * Write throughput through firebase-admin, ours beside Google's emulator (the jar, where it is
 * installed): 10,000 documents of 500 B loaded in sequential batches of 500, and 5,000
 * single-document writes with 50 in flight. Each round runs ours then Google's on fresh
 * projects, so a machine that slows down during the run slows both; the figures are medians.
 *
 *   npx tsx bench/throughput.ts [host:port]   ours at host:port (else the bundle is started
 *                                             with node-flags.json), Google's when installed
 * BENCH_ROUNDS (default 3); BENCH_GOOGLE=0 skips Google's emulator.
 */
import { initializeApp, deleteApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import {
  googleEmulatorInstalled,
  startGoogleEmulator,
  type GoogleEmulator,
} from '../test/rules/support/google-emulator.ts';

export const LOAD_DOCUMENTS = 10_000;
export const LOAD_BATCH = 500;
export const WRITES = 5_000;
export const IN_FLIGHT = 50;
/** The target: both figures at least twice Google's emulator's rate. */
export const TARGET_RATIO = 2;

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

export interface Throughput {
  loadMs: number;
  writesPerSecond: number;
}

/** One round on the emulator at `host`, in a project of its own, deleted afterwards. */
async function measureOnce(host: string, round: string): Promise<Throughput> {
  const previous = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = host;
  const projectId = `throughput-${round}-${Math.random().toString(36).slice(2, 8)}`;
  let app: App | undefined;
  try {
    app = initializeApp({ projectId }, projectId);
    const db = getFirestore(app);
    await db.doc('warm/up').set({ at: 1 }); // the client's channel, outside the figures
    const loadMs = await batchLoad(db, LOAD_DOCUMENTS, LOAD_BATCH);
    const writesPerSecond = await parallelWrites(db, WRITES, IN_FLIGHT);
    await db.terminate();
    return { loadMs, writesPerSecond };
  } finally {
    if (app) await deleteApp(app).catch(() => {});
    if (previous === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
    else process.env.FIRESTORE_EMULATOR_HOST = previous;
    await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
      method: 'DELETE',
    }).catch(() => {});
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

function medianOf(runs: Throughput[]): Throughput {
  return {
    loadMs: median(runs.map((r) => r.loadMs)),
    writesPerSecond: median(runs.map((r) => r.writesPerSecond)),
  };
}

export interface Comparison {
  ours: Throughput;
  google?: Throughput;
  rounds: number;
}

/**
 * Rounds of ours then Google's (started here, stopped at the end; skipped when the jar is not
 * installed or `withGoogle` is false).
 */
export async function compareThroughput(
  oursHost: string,
  rounds: number,
  withGoogle: boolean | undefined = undefined,
): Promise<Comparison> {
  let google: GoogleEmulator | undefined;
  try {
    if (withGoogle ?? googleEmulatorInstalled()) google = await startGoogleEmulator();
    const ours: Throughput[] = [];
    const theirs: Throughput[] = [];
    for (let round = 0; round < rounds; round++) {
      ours.push(await measureOnce(oursHost, `ours${round}`));
      if (google) theirs.push(await measureOnce(new URL(google.url).host, `google${round}`));
    }
    return { ours: medianOf(ours), google: google && medianOf(theirs), rounds };
  } finally {
    await google?.stop();
  }
}

const fmtRate = (x: number) => `${Math.round(x).toLocaleString('en')}/s`;
const fmtMs = (x: number) => `${x.toFixed(0)} ms`;

/** The bench table's rows: each figure beside Google's and beside the target (2x Google's). */
export function throughputRows({ ours, google, rounds }: Comparison): string[][] {
  const load = `load ${LOAD_DOCUMENTS.toLocaleString('en')} documents of 500 B in batches of ${LOAD_BATCH} (admin, median of ${rounds})`;
  const writes = `${WRITES.toLocaleString('en')} single-document writes, ${IN_FLIGHT} in flight (admin, median of ${rounds})`;
  if (!google) {
    const why = "Google's emulator not installed: no comparison";
    return [
      [load, fmtMs(ours.loadMs), `<= Google's / ${TARGET_RATIO}`, why],
      [writes, fmtRate(ours.writesPerSecond), `>= ${TARGET_RATIO}x Google's`, why],
    ];
  }
  return [
    [
      load,
      fmtMs(ours.loadMs),
      `<= ${fmtMs(google.loadMs / TARGET_RATIO)} (Google's / ${TARGET_RATIO})`,
      `Google's ${fmtMs(google.loadMs)}: ours ${(google.loadMs / ours.loadMs).toFixed(2)}x its rate`,
    ],
    [
      writes,
      fmtRate(ours.writesPerSecond),
      `>= ${fmtRate(google.writesPerSecond * TARGET_RATIO)} (${TARGET_RATIO}x Google's)`,
      `Google's ${fmtRate(google.writesPerSecond)}: ours ${(ours.writesPerSecond / google.writesPerSecond).toFixed(2)}x its rate`,
    ],
  ];
}
