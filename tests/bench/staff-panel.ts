/**
 * The staff panel at scale (issue 32 targets), for `npm run bench:web` (`web.ts`): with 10,000
 * ledger rows, what opening /staff reads (the documents its listeners delivered, the
 * `staff-panel` mark's `documents`) and how long from navigation to every part shown, on a
 * desktop. The rows are written straight to the test stack with their totals recounted, as the
 * seed does; they stay (the bench's stack is thrown away after).
 */
import type { Browser } from '@playwright/test';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  donationEntry,
  ledgerSearchWords,
  readLedgerRow,
  recountSummary,
  type LedgerEntry,
} from '@parroquia/domain';
import { DEMO } from '../support/clients.ts';
import { median } from './figures.ts';

const ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_PANEL_RUNS ?? 5);
const DAY = 24 * 60 * 60 * 1000;

/** `ROWS` gifts spread over the last two years, every tenth one refunded. */
async function fillLedger(db: Firestore): Promise<void> {
  const now = Date.now();
  const methods = ['card', 'cash', 'transfer'] as const;
  let batch = db.batch();
  let inBatch = 0;
  for (let i = 0; i < ROWS; i += 1) {
    const at = now - Math.floor((i / ROWS) * 730 * DAY) - 1000;
    let entry: LedgerEntry = donationEntry({
      method: methods[i % 3]!,
      kind: 'buy',
      donor: { uid: null, email: `bench-${i % 800}@donantes.test`, name: `Bench ${i % 800}` },
      plots: [],
      amountCents: 25_000,
      at,
      recordedBy: i % 3 === 0 ? null : 'staff-demo',
    });
    if (i % 10 === 9) entry = { ...entry, kind: 'refund', amount_cents: -25_000 };
    batch.set(db.collection('donations').doc(`bench-${i}`), {
      ...entry,
      created_at: Timestamp.fromMillis(entry.created_at),
      search: ledgerSearchWords(entry),
    });
    inBatch += 1;
    if (inBatch === 500) {
      await batch.commit();
      batch = db.batch();
      inBatch = 0;
    }
  }
  if (inBatch > 0) await batch.commit();
  const ledger = (await db.collection('donations').get()).docs.map((doc) =>
    readLedgerRow(doc.id, doc.data()),
  );
  await db
    .collection('campaign')
    .doc('ledger')
    .set({ months: recountSummary(ledger), updated_at: FieldValue.serverTimestamp() });
}

export async function staffPanelCost(
  browser: Browser,
  siteUrl: string,
  db: Firestore,
): Promise<string[]> {
  await fillLedger(db);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto(`${siteUrl}/login?lng=es`);
    await page.locator('input[type=email]').fill(DEMO.staff.email);
    await page.locator('input[type=password]').fill(DEMO.staff.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const times: number[] = [];
    const reads: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await page.goto(`${siteUrl}/staff?lng=es`);
      const mark = await page.waitForFunction(
        () => {
          const entry = performance.getEntriesByName('staff-panel')[0] as
            PerformanceMark | undefined;
          return entry
            ? { at: entry.startTime, documents: (entry.detail as { documents: number }).documents }
            : null;
        },
        null,
        { timeout: 30_000 },
      );
      const { at, documents } = (await mark.jsonValue())!;
      times.push(at);
      reads.push(documents);
    }
    return [
      `  staff panel with ${ROWS.toLocaleString('en')} ledger rows, desktop, signed in as staff:`,
      `    Firestore documents read opening /staff: ${median(reads)} (target <= 30)`,
      `    navigation -> every part shown: median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)} (${RUNS} runs; target < 1500 ms)`,
    ];
  } finally {
    await context.close();
  }
}
