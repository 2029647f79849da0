/**
 * Printing under load (`npm run bench`; issue 40 item 5): figures, not pass/fail. Starts the test
 * stack, gives PDF_DONORS (25) donors a plot each, then has all of them download their
 * certificate at the same moment while a visitor keeps asking for the map (`GET /api/cells/`).
 * Prints the certificates' time and weight, and the map's answer times during the burst next to
 * the target: printing must not keep the map's API from answering within a second.
 *
 * Three rounds: through the Functions emulator twice (its first prints start a worker process
 * each; then warm workers, 25 processes sharing 2 cores), then against one instance as
 * production runs one, the API's handler in this process with downloads taking their turns
 * (`functions/src/api/download-turns.ts`). The target is read on the last.
 */
// First: the printing code loads from its sources here, fonts as bytes (one-instance round).
import './print-hooks.ts';
import { startTestStack } from '@parroquia/testkit/stack';
import { callApi, consentingDonor, newEmailAccount } from '../support/accounts.ts';
import { adminFirestore } from '../support/clients.ts';
import { startInProcessApi } from '../support/in-process-api.ts';
import { startFunctionWorkers } from '../support/payments.ts';
import { resetPlots, setPlots } from '../support/plots.ts';
import { percentile, target } from './figures.ts';

const DONORS = Number(process.env.PDF_DONORS ?? 25);
const MAP_TARGET_MS = 1000;
const CERTIFICATE_TARGET_BYTES = 300_000;

const stack = await startTestStack();
try {
  const db = adminFirestore(stack.env.FIRESTORE_EMULATOR_HOST!);
  const authHost = stack.env.FIREBASE_AUTH_EMULATOR_HOST!;
  const plots = Array.from({ length: DONORS }, (_, i) => `X${i + 1}`);
  const donors = await Promise.all(
    plots.map(async (plot, i) => {
      const donor = await consentingDonor(stack.siteUrl, await newEmailAccount(authHost), {
        name: `Donante Carga ${i + 1}`,
      });
      await setPlots(db, [plot], { status: 'bought', user: donor.uid, donor_display: 'Carga' });
      return donor;
    }),
  );
  // Started workers, as production's warm instance: the figures are printing, not cold starts.
  await startFunctionWorkers(stack.siteUrl, DONORS + 2);
  let apiUrl = stack.siteUrl;
  const map = async () => {
    const started = performance.now();
    const answer = await fetch(`${apiUrl}/api/cells/`);
    await answer.arrayBuffer();
    return { ms: performance.now() - started, status: answer.status };
  };
  const idle: number[] = [];
  for (let i = 0; i < 10; i += 1) idle.push((await map()).ms);

  /** Every donor downloads their certificate at once while a visitor keeps asking for the map. */
  const burst = async () => {
    let printing = true;
    const map_: number[] = [];
    const mapStatuses = new Set<number>();
    const visitor = (async () => {
      while (printing) {
        const { ms, status } = await map();
        map_.push(ms);
        mapStatuses.add(status);
        await new Promise((done) => setTimeout(done, 100));
      }
    })();
    const started = performance.now();
    const certificates = await Promise.all(
      donors.map(async (donor) => {
        const begun = performance.now();
        const answer = await callApi(apiUrl, '/api/users/generate-certificate/?lang=es', {
          token: donor.idToken,
        });
        const bytes = (await answer.arrayBuffer()).byteLength;
        return { ms: performance.now() - begun, bytes, status: answer.status };
      }),
    );
    const allMs = performance.now() - started;
    printing = false;
    await visitor;
    return { certificates, allMs, map: map_, mapStatuses };
  };
  // The first print of each Functions worker loads the PDF code and makes the fonts' subsets
  // (an instance does it once); the second is what a warm instance does all day.
  const cold = await burst();
  const warm = await burst();
  // One instance as production runs it: the API's handler in one process (the Functions
  // emulator starts a process per request instead), downloads taking their turns. Warmed once.
  const api = await startInProcessApi({
    firestoreHost: stack.env.FIRESTORE_EMULATOR_HOST!,
    authHost,
    stripeUrl: stack.env.STRIPE_DOUBLE_URL!,
    siteUrl: stack.siteUrl,
  });
  apiUrl = api.url;
  await burst();
  const instance = await burst();
  await api.close();
  await resetPlots(db, plots);

  const line = (label: string, text: string) => console.log(`${label.padEnd(46)} ${text}`);
  console.log(`\nprinting under load (${DONORS} certificates at once, 2 cores)`);
  line('map API, idle', `p50 ${percentile(idle, 50).toFixed(0)} ms`);
  for (const [name, round] of [
    ['emulator, first prints (new workers)', cold],
    ['emulator, warm workers', warm],
    ['one instance, warm', instance],
  ] as const) {
    const times = round.certificates.map((certificate) => certificate.ms);
    const biggest = Math.max(...round.certificates.map((certificate) => certificate.bytes));
    const statuses = [...new Set(round.certificates.map((certificate) => certificate.status))];
    const mapP95 = percentile(round.map, 95);
    line(
      `${name}: certificates`,
      `p50 ${percentile(times, 50).toFixed(0)} ms   p95 ${percentile(times, 95).toFixed(0)} ms   all ${round.allMs.toFixed(0)} ms   (answers ${statuses.join(', ')})`,
    );
    line(
      `${name}: largest certificate`,
      `${(biggest / 1000).toFixed(0)} kB ${target(biggest / 1000, { atMost: CERTIFICATE_TARGET_BYTES / 1000 }, 'kB')}`,
    );
    line(
      `${name}: map API meanwhile`,
      `p50 ${percentile(round.map, 50).toFixed(0)} ms   p95 ${mapP95.toFixed(0)} ms   (n=${round.map.length}, answers ${[...round.mapStatuses].join(', ')}) ${name === 'one instance, warm' ? target(mapP95, { atMost: MAP_TARGET_MS }, 'ms') : ''}`,
    );
  }
} finally {
  await stack.stop();
}
process.exit(0);
