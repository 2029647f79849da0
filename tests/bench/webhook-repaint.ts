/**
 * Issue 21, figure 4, for `npm run bench:web` (`web.ts`, on its stack and build): the time from
 * Stripe's webhook to a second browser's repaint. Donors (new accounts) start a payment of one
 * plot through the API and pay on the Stripe double's hosted page; the double posts the signed
 * `checkout.session.completed` to the webhook (through Hosting, to the function), the function's
 * transaction marks the plot bought, and another browser, with /donativos open, gets it from
 * its listener and repaints it.
 *
 * Start: the bench's POST of the hosted page's Pay. The double sends the webhook while handling
 * that POST (`payByCard` starts the delivery before the page answers 303), and the bench has no
 * earlier honest timestamp of the send: so the figure includes the hosted page's own handling,
 * printed apart ("pay -> page answered"), a bound on how much it overstates.
 * End: the second browser's `requestAnimationFrame` after a MutationObserver saw the plot's
 * `data-status` become `bought` (as the snapshot -> repainted figure of web.ts).
 * One clock: `performance.timeOrigin + performance.now()` in Node, in the page and in our
 * Firestore emulator (its commit times, `emulators/firestore/src/core/clock.ts`); the page's and
 * the emulator's offsets from Node's are bracketed by round trips and printed; the page's
 * times are corrected by the middle of its bracket.
 *
 * Where the time goes, per payment: pay -> the function's commit (the plot's `updated_at`:
 * Hosting's proxy, the function, signature check and the settlement transaction), commit -> the
 * page's `cells-snapshot` mark (the listener's delivery), mark -> painted (React and the frame).
 * Before each payment, a webhook with a bad signature times the way in without Firestore (Hosting,
 * the function, the signature check, the answer). The first webhook of the stack is apart (the function's first run of that code); then
 * PAYMENTS payments one after the other, GAP_MS apart; then ROUNDS rounds of CONCURRENT donors
 * paying at once.
 */
import type { Browser, Page } from '@playwright/test';
import type { Firestore } from 'firebase-admin/firestore';
import { DEMO } from '../support/clients.ts';
import { percentile } from './figures.ts';
import {
  newDonor,
  postWebhook,
  startFunctionWorkers,
  startPayment,
  submitHostedPage,
  type Donor,
} from '../support/payments.ts';
import { signInToMap } from './sign-in.ts';

const PAYMENTS = Number(process.env.BENCH_WEBHOOK_PAYMENTS ?? 40);
const GAP_MS = Number(process.env.BENCH_WEBHOOK_GAP_MS ?? 1000);
const CONCURRENT = Number(process.env.BENCH_WEBHOOK_CONCURRENT ?? 8);
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3);
export const TARGET_P95_MS = 250;

/** Node's clock, the one every time here is brought to. */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Painted {
  /** The plot's `data-status` became `bought`. */
  mutated: number;
  /** The frame after it. */
  painted: number;
  /** The `cells-snapshot` mark (the listener's answer) before the mutation. */
  snapshot: number;
}

interface Sample {
  plot: string;
  pay: number;
  answered: number;
  committed: number;
  snapshot: number;
  painted: number;
  /** When the double had the function's answer (its `Date.now()`, brought to Node's clock). */
  webhookAnswered: number;
  /** To find the webhook's answer among the double's deliveries. */
  sessionId: string;
}

type Moment = 'pay' | 'answered' | 'committed' | 'snapshot' | 'painted' | 'webhookAnswered';

/** `[low, high]` bounds of another clock minus Node's, from timestamps taken between two of Node's. */
interface Offset {
  low: number;
  high: number;
}
const middle = (offset: Offset) => (offset.low + offset.high) / 2;

async function bracket(probe: () => Promise<number>, runs = 20): Promise<Offset> {
  let low = -Infinity;
  let high = Infinity;
  for (let run = 0; run < runs; run += 1) {
    const before = now();
    const other = await probe();
    const after = now();
    low = Math.max(low, other - after);
    high = Math.min(high, other - before);
  }
  return { low, high };
}

/** Page clock minus Node's. */
const pageOffset = (page: Page) =>
  bracket(() => page.evaluate(() => performance.timeOrigin + performance.now()));

/** The Firestore emulator's commit clock minus Node's: a write's commit time. */
const firestoreOffset = (db: Firestore) =>
  bracket(async () => {
    const result = await db.collection('_bench').doc('clock').set({ at: now() });
    return millis(result.writeTime);
  });

const millis = (time: { seconds: number; nanoseconds: number }) =>
  time.seconds * 1000 + time.nanoseconds / 1e6;

/** Arms, in the page, one observer per plot: resolves at the frame after it shows `bought`. */
function armRepaint(page: Page, codes: string[]): Promise<void> {
  return page.evaluate((plots) => {
    const slot = window as unknown as { __repaint?: Record<string, Promise<Painted>> };
    slot.__repaint = {};
    for (const code of plots) {
      slot.__repaint[code] = new Promise<Painted>((resolve) => {
        const plot = document.querySelector(`[data-code="${code}"]`)!;
        const observer = new MutationObserver(() => {
          if (plot.getAttribute('data-status') !== 'bought') return;
          observer.disconnect();
          const mutated = performance.now();
          requestAnimationFrame(() => {
            const painted = performance.now();
            const marks = performance
              .getEntriesByName('cells-snapshot')
              .filter((mark) => mark.startTime <= mutated);
            const origin = performance.timeOrigin;
            resolve({
              mutated: origin + mutated,
              painted: origin + painted,
              snapshot: origin + (marks.at(-1)?.startTime ?? Number.NaN),
            });
          });
        });
        observer.observe(plot, { attributes: true, attributeFilter: ['data-status'] });
      });
    }
  }, codes);
}

function repainted(page: Page, code: string): Promise<Painted> {
  return page.evaluate(
    (plot) =>
      Promise.race([
        (window as unknown as { __repaint: Record<string, Promise<Painted>> }).__repaint[plot]!,
        new Promise<never>((_, fail) =>
          setTimeout(() => fail(new Error(`${plot} not repainted in 30 s`)), 30_000),
        ),
      ]),
    code,
  );
}

const statusOf = (page: Page, code: string, status: string) =>
  page.waitForFunction(
    ([plot, wanted]) =>
      document.querySelector(`[data-code="${plot}"]`)?.getAttribute('data-status') === wanted,
    [code, status] as const,
    { timeout: 30_000 },
  );

interface DoubleEvents {
  events: Array<{ id: string; type: string; data: { object: { id?: string } } }>;
  deliveries: Array<{ eventId: string; attempts: Array<{ at: number; status: number | null }> }>;
}

/** When the double had the function's answer to each session's completed event (`Date.now()`). */
async function webhookAnswers(
  stripeUrl: string,
): Promise<Map<string, { at: number; ok: boolean }>> {
  const { events, deliveries } = (await (
    await fetch(`${stripeUrl}/_double/events`)
  ).json()) as DoubleEvents;
  const answers = new Map<string, { at: number; ok: boolean }>();
  for (const event of events) {
    if (event.type !== 'checkout.session.completed' || !event.data.object.id) continue;
    const first = deliveries.find((delivery) => delivery.eventId === event.id)?.attempts[0];
    if (first)
      answers.set(event.data.object.id, {
        at: first.at,
        ok: first.status !== null && first.status < 300,
      });
  }
  return answers;
}

export interface WebhookRepaintStack {
  siteUrl: string;
  env: Record<string, string>;
}

/**
 * Pays for `plots` at once, one donor each, while `page` (the second browser) shows the map;
 * the samples in Node's clock.
 */
async function payAtOnce(
  stack: WebhookRepaintStack,
  page: Page,
  db: Firestore,
  pageClock: Offset,
  donors: Donor[],
  plots: string[],
): Promise<Sample[]> {
  const sessions = await Promise.all(
    plots.map(async (plot, i) => {
      const answer = await startPayment(stack.siteUrl, donors[i]!, 'buy', [plot]);
      if (answer.status !== 200 || !answer.body.url || !answer.body.sessionId)
        throw new Error(`${plot}: start route answered ${answer.status} ${answer.body.error}`);
      return { plot, url: answer.body.url, sessionId: answer.body.sessionId };
    }),
  );
  // The hold is on the map before anything is timed: the repaint measured is the payment's.
  for (const plot of plots) await statusOf(page, plot, 'held');
  await sleep(200);
  await armRepaint(page, plots);
  const paid = await Promise.all(
    sessions.map(async ({ plot, url, sessionId }) => {
      const pay = now();
      const answer = await submitHostedPage(url, '4242424242424242');
      const answered = now();
      if (answer.status !== 303) throw new Error(`${plot}: hosted page answered ${answer.status}`);
      return { plot, sessionId, pay, answered };
    }),
  );
  const shift = middle(pageClock);
  const samples: Sample[] = [];
  for (const sample of paid) {
    const seen = await repainted(page, sample.plot);
    const cell = await db.collection('cells').doc(sample.plot).get();
    const updated = cell.get('updated_at') as { seconds: number; nanoseconds: number };
    samples.push({
      ...sample,
      committed: millis(updated),
      snapshot: seen.snapshot - shift,
      painted: seen.painted - shift,
      webhookAnswered: Number.NaN,
    });
  }
  return samples;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const spread = (all: number[]) => {
  const values = all.filter(Number.isFinite);
  return `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))}`;
};

/** The figure, its parts and its clocks, as lines to print. */
export async function webhookRepaint(
  browser: Browser,
  stack: WebhookRepaintStack,
  db: Firestore,
): Promise<string[]> {
  // The second browser: a context of its own, signed in, the map open.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await signInToMap(page, stack.siteUrl, DEMO.ana);
    const visibility = await page.evaluate(() => document.visibilityState);

    const free = (await db.collection('cells').where('status', '==', 'available').get()).docs
      .map((doc) => doc.id)
      // B2 is web.ts's; X39 its sign the map is there.
      .filter((code) => code !== 'B2' && code !== 'X39');
    const wanted = 1 + PAYMENTS + CONCURRENT * ROUNDS;
    if (free.length < wanted) throw new Error(`${free.length} plots available, ${wanted} wanted`);
    const donors = await Promise.all(
      Array.from({ length: wanted }, (_, i) =>
        newDonor(stack.env.FIREBASE_AUTH_EMULATOR_HOST!, db, `Webhook ${i}`),
      ),
    );

    const pageClockBefore = await pageOffset(page);
    const firestoreClock = await firestoreOffset(db);
    const dateShift = Date.now() - now();

    const first = await payAtOnce(stack, page, db, pageClockBefore, donors.slice(0, 1), [free[0]!]);
    const serial: Sample[] = [];
    const refused: number[] = [];
    for (let i = 1; i <= PAYMENTS; i += 1) {
      await sleep(GAP_MS);
      // The same way in with no Firestore: Hosting, the function, a refused signature.
      const sent = now();
      const refusal = await postWebhook(stack.siteUrl, '{}', 't=1,v1=00');
      await refusal.arrayBuffer();
      if (refusal.status !== 400) throw new Error(`a bad signature answered ${refusal.status}`);
      refused.push(now() - sent);
      serial.push(
        ...(await payAtOnce(stack, page, db, pageClockBefore, donors.slice(i, i + 1), [free[i]!])),
      );
    }
    await startFunctionWorkers(stack.siteUrl, CONCURRENT);
    const together: Sample[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await sleep(GAP_MS);
      const from = 1 + PAYMENTS + round * CONCURRENT;
      together.push(
        ...(await payAtOnce(
          stack,
          page,
          db,
          pageClockBefore,
          donors.slice(from, from + CONCURRENT),
          free.slice(from, from + CONCURRENT),
        )),
      );
    }
    await sleep(1000);
    const pageClockAfter = await pageOffset(page);
    const answers = await webhookAnswers(stack.env.STRIPE_DOUBLE_URL!);
    let retried = 0;
    for (const sample of [...first, ...serial, ...together]) {
      const answer = answers.get(sample.sessionId);
      if (answer?.ok) sample.webhookAnswered = answer.at - dateShift;
      else retried += 1;
    }

    const total = (samples: Sample[]) => samples.map((s) => s.painted - s.pay);
    const part = (samples: Sample[], from: Moment, to: Moment) =>
      spread(samples.map((s) => s[to] - s[from]));
    const parts = (samples: Sample[]) => [
      `      pay -> hosted page answered 303 (the webhook is sent within): ${part(samples, 'pay', 'answered')}`,
      `      pay -> plot committed by the function (Hosting, function, transaction): ${part(samples, 'pay', 'committed')}`,
      `      committed -> listener's snapshot in the page: ${part(samples, 'committed', 'snapshot')}`,
      `      snapshot -> painted (React, frame): ${part(samples, 'snapshot', 'painted')}`,
      `      (committed -> function's 200 to the double, not in the figure: ${part(samples, 'committed', 'webhookAnswered')})`,
    ];
    const serialTotals = total(serial);
    const p95 = percentile(serialTotals, 95);
    const bracketText = (offset: Offset) =>
      `${offset.low.toFixed(1)}..${offset.high.toFixed(1)} ms`;
    return [
      `  webhook -> second browser's repaint, one donor at a time: ${spread(serialTotals)} (${serial.length} payments, one plot each, ${GAP_MS} ms apart; target p95 < ${TARGET_P95_MS} ms${p95 < TARGET_P95_MS ? '' : ', MISSES'})`,
      ...parts(serial),
      `      (a webhook with a bad signature, Hosting -> function -> 400 without Firestore, before each: ${spread(refused)})`,
      `    first webhook the stack's function handles: ${ms(total(first)[0]!)} (pay -> committed ${ms(first[0]!.committed - first[0]!.pay)})`,
      `    ${CONCURRENT} donors paying at once, ${ROUNDS} rounds: ${spread(total(together))} (${together.length} payments)`,
      ...parts(together),
      `    clocks (other - Node, bracketed by round trips): page ${bracketText(pageClockBefore)} before, ${bracketText(pageClockAfter)} after (${visibility} page); Firestore emulator commits ${bracketText(firestoreClock)}; Date.now() - Node's ${dateShift.toFixed(1)} ms`,
      ...(retried > 0
        ? [
            `    ${retried} webhooks were not answered 2xx at their first attempt (the double retried)`,
          ]
        : []),
    ];
  } finally {
    await context.close();
  }
}
