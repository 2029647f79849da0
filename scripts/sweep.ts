/**
 * `npm run sweep`: what the hourly `sweepPlots` function does, run by hand against the local
 * stack (the Functions emulator does not fire schedules): lapsed holds and reservations go back
 * on sale, refunds owed are asked of Stripe again, reminders are queued, unopened sign-ups are
 * dropped. FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST and STRIPE_API_HOST/PORT pick
 * the Firestore, the Auth (reminders go only to proven addresses) and the Stripe double; the
 * defaults are `npm start`'s, with the keys of `functions/.secret.local`.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { DEFAULT_PORTS, PROJECT_ID } from '@parroquia/testkit/local-stack';
import { hourlySweep } from './hourly-sweep.ts';

process.env.METADATA_SERVER_DETECTION ??= 'none';
// The links in the reminders point at npm start's site.
process.env.SITE_URL ??= `http://localhost:${DEFAULT_PORTS.hosting}`;
process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.firestore}`;
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.auth}`;
process.env.STRIPE_API_HOST ??= '127.0.0.1';
process.env.STRIPE_API_PORT ??= String(DEFAULT_PORTS.stripe);
process.env.STRIPE_API_PROTOCOL ??= 'http';
const app = initializeApp({ projectId: PROJECT_ID }, 'sweep');
try {
  const { released, refunded, reminders, signUpsDropped } = await hourlySweep(app, () =>
    Date.now(),
  );
  console.log(
    `sweep: ${released.length} plots released${released.length ? `: ${released.join(', ')}` : ''}`,
  );
  console.log(
    `sweep: ${refunded.length} refunds owed made${refunded.length ? `: ${refunded.join(', ')}` : ''}`,
  );
  console.log(`sweep: ${reminders.length} reservation reminders queued`);
  console.log(`sweep: ${signUpsDropped} sign-ups dropped, their link never opened`);
} finally {
  await deleteApp(app);
}
