/** Wires the Cloud Functions to their handlers; nothing else lives here. */
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApiHandler } from './api/app';
import { installFrameworkErrorAnswers } from './api/framework-errors';
import { REGION, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, SWEEP_SCHEDULE } from './config';
import { productionDependencies } from './dependencies';
import { logSweep } from './log';
import { firebaseAddressProofs } from './adapters/firebase-address-proofs';
import { mailReservationReminders } from './adapters/reservation-reminders';
import { auth, firestore } from './firebase';
import { sweep } from './payments/sweep';
import { createVerifyPageHandler } from './api/verify-page';

// Before the host builds its express app: malformed JSON and the like answer as the API does
// (logs an error when the host's express cannot be found).
installFrameworkErrorAnswers();

export const api = onRequest(
  // `cors: false`: the site calls the API on its own origin (Hosting's `/api/**` rewrite), so no
  // other origin may read its answers. Said explicitly because the emulator's debug feature
  // `enableCors` otherwise lets every origin in.
  //
  // Sized for printing, the heaviest work: a certificate's PDF takes about a second of one CPU
  // and tens of MB. One whole CPU and 1 GiB serve the default 80 concurrent requests; past that
  // the platform starts instances, up to 10 (a flood of downloads costs the parish at most that).
  {
    region: REGION,
    cors: false,
    secrets: [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET],
    memory: '1GiB',
    cpu: 1,
    concurrency: 80,
    maxInstances: 10,
    timeoutSeconds: 60,
  },
  createApiHandler(productionDependencies()),
);

/**
 * `/verificar/<code>` (Hosting's rewrite, firebase.json): the SPA's page with a shared
 * certificate's link-preview tags (docs/architecture.md). Light work: a code's lookup and a copy
 * of index.html; the picture itself is the `api` function's.
 */
export const verifyPage = onRequest(
  {
    region: REGION,
    cors: false,
    memory: '256MiB',
    concurrency: 80,
    cpu: 1,
    maxInstances: 10,
    timeoutSeconds: 30,
  },
  createVerifyPageHandler(productionDependencies()),
);

/**
 * Hourly: lapsed holds and reservations past their 30 days go back to available, and late
 * payments whose automatic refund failed are refunded.
 */
export const sweepPlots = onSchedule(
  {
    region: REGION,
    schedule: SWEEP_SCHEDULE,
    secrets: [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET],
    memory: '512MiB',
    timeoutSeconds: 300,
  },
  async () => {
    const { released, refunded } = await sweep(productionDependencies());
    await mailReservationReminders(firestore, firebaseAddressProofs(auth), Date.now());
    logSweep(released.length, refunded.length);
  },
);
