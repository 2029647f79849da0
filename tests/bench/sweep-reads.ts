/**
 * What the hourly sweep reads, for `npm run bench`: Firestore documents read by one run of
 * `sweepPlots`' work (scripts/hourly-sweep.ts: lapsed holds and reservations, refunds owed,
 * unopened sign-ups, reminders) with 300 reservations standing, their deadlines spread over the
 * next 30 days, each donor with a proven address. The first run (none on record before it)
 * queues the reminders already due; the figure is the run an hour later, when nothing lapsed
 * (the target: at most 50 documents an hour), then one more in which ten reservations lapsed.
 *
 * Counted as Firestore bills them: each document a query, a get or a transaction returns, and
 * one for a query that returns none. The count wraps the Admin SDK's read methods in this
 * process; the sweep's code is the deployed function's own.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import {
  DocumentReference,
  Firestore,
  Query,
  Timestamp,
  Transaction,
  getFirestore,
} from 'firebase-admin/firestore';
import { COLUMN_LETTERS, GRID_ROWS } from '@parroquia/domain';
import { PROJECT_ID } from '@parroquia/testkit/local-stack';
import { startTestStack, suiteStackPorts } from '@parroquia/testkit/stack';
import { hourlySweep } from '../../scripts/hourly-sweep.ts';
import { target } from './figures.ts';

const RESERVATIONS = 300;
const LAPSING = 10;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let reads = 0;
const billed = (documents: number) => {
  reads += Math.max(1, documents);
};

/** Counts the documents a read method returns, without changing what it returns. */
function countOn(
  prototype: object,
  method: string,
  documents: (result: unknown, args: unknown[]) => number,
): void {
  const original = Reflect.get(prototype, method) as (...args: unknown[]) => Promise<unknown>;
  Object.defineProperty(prototype, method, {
    configurable: true,
    writable: true,
    value: async function (this: unknown, ...args: unknown[]) {
      const result = await original.apply(this, args);
      billed(documents(result, args));
      return result;
    },
  });
}

const sizeOf = (result: unknown) => (result as { size: number }).size;
const lengthOf = (result: unknown) => (result as unknown[]).length;

/** Every read the sweep's adapters make through the Admin SDK. */
function countReads(): void {
  countOn(Query.prototype, 'get', sizeOf);
  countOn(DocumentReference.prototype, 'get', () => 1);
  countOn(Firestore.prototype, 'getAll', lengthOf);
  countOn(Transaction.prototype, 'get', (result, [target]) =>
    target instanceof Query ? sizeOf(result) : 1,
  );
  countOn(Transaction.prototype, 'getAll', lengthOf);
}

/** The plots of the last rows, one per reservation, and their donors with proven addresses. */
async function seedReservations(app: ReturnType<typeof initializeApp>, now: number) {
  const db = getFirestore(app);
  const codes = [...COLUMN_LETTERS]
    .flatMap((letter) => Array.from({ length: 10 }, (_, i) => `${letter}${GRID_ROWS - i}`))
    .slice(0, RESERVATIONS);
  const uids = codes.map((_, i) => `sweep-bench-${i}`);
  const imported = await getAuth(app).importUsers(
    uids.map((uid) => ({ uid, email: `${uid}@example.test`, emailVerified: true })),
  );
  if (imported.failureCount > 0) throw new Error(`${imported.failureCount} accounts not made`);
  const writer = db.bulkWriter();
  codes.forEach((code, i) => {
    // Spread over the next 30 days; the first LAPSING end between the second and third runs.
    const until = i < LAPSING ? now + 1.5 * HOUR : now + 3 * HOUR + (i / RESERVATIONS) * 30 * DAY;
    // BulkWriter's writes settle by close(), awaited below.
    void writer.set(db.collection('cells').doc(code), {
      x: code.replace(/\d+$/, ''),
      y: Number(code.replace(/^\D+/, '')),
      status: 'reserved',
      user: uids[i],
      donor_display: `Donante ${i}`,
      hold: null,
      reserved_until: Timestamp.fromMillis(until),
      // Made days ago, as reservations are: 30 days before their end.
      updated_at: Timestamp.fromMillis(Math.min(now - HOUR, until - 30 * DAY)),
    });
    // Likewise.
    void writer.set(db.collection('users').doc(uids[i]!), {
      name: `Donante ${i}`,
      language: 'es',
      email: `${uids[i]}@example.test`,
    });
  });
  await writer.close();
}

async function main() {
  const stack = await startTestStack(await suiteStackPorts());
  Object.assign(process.env, stack.env, { SITE_URL: stack.siteUrl });
  const app = initializeApp({ projectId: PROJECT_ID }, 'sweep-bench');
  try {
    const start = Date.now();
    await seedReservations(app, start);
    countReads();
    const run = async (at: number) => {
      reads = 0;
      const outcome = await hourlySweep(app, () => at);
      return { reads, outcome };
    };
    // Three runs an hour apart, by the sweep's clock.
    const first = await run(start);
    const quiet = await run(start + HOUR);
    const lapsed = await run(start + 2 * HOUR);
    console.log(`hourly sweep, ${RESERVATIONS} reservations standing (local test stack)`);
    console.log(
      `  first run: ${first.reads} documents read, ${first.outcome.reminders.length} reminders queued`,
    );
    console.log(
      `  an hour with nothing lapsed or due: ${quiet.reads} documents read ${target(quiet.reads, { atMost: 50 }, 'documents')}`,
    );
    console.log(
      `  an hour in which ${lapsed.outcome.released.length} reservations lapsed: ${lapsed.reads} documents read`,
    );
  } finally {
    await deleteApp(app);
    await stack.stop();
  }
}

await main();
process.exit(0);
