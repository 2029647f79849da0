/**
 * `npm run sweep`: what the hourly `sweepPlots` function does, run by hand against the local
 * stack (the Functions emulator does not fire schedules). FIRESTORE_EMULATOR_HOST and
 * FIREBASE_AUTH_EMULATOR_HOST pick the Firestore and the Auth (reminders go only to proven
 * addresses); the defaults are `npm start`'s.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { firebaseAddressProofs } from '../functions/src/adapters/firebase-address-proofs.ts';
import { mailReservationReminders } from '../functions/src/adapters/reservation-reminders.ts';
import { firestoreCellRepository } from '../functions/src/adapters/firestore-cells.ts';
import { firebaseSignUps } from '../functions/src/adapters/firebase-sign-ups.ts';
import { DEFAULT_PORTS, PROJECT_ID } from '@parroquia/testkit/local-stack';

process.env.METADATA_SERVER_DETECTION ??= 'none';
// The links in the reminders point at npm start's site.
process.env.SITE_URL ??= `http://localhost:${DEFAULT_PORTS.hosting}`;
process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.firestore}`;
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.auth}`;
const app = initializeApp({ projectId: PROJECT_ID }, 'sweep');
try {
  const cells = firestoreCellRepository(() => getFirestore(app));
  const released = await cells.releaseLapsed(Date.now());
  console.log(
    `sweep: ${released.length} plots released${released.length ? `: ${released.join(', ')}` : ''}`,
  );
  const reminders = await mailReservationReminders(
    () => getFirestore(app),
    firebaseAddressProofs(() => getAuth(app)),
    Date.now(),
  );
  console.log(`sweep: ${reminders.length} reservation reminders queued`);
  const dropped = await firebaseSignUps(
    () => getAuth(app),
    () => getFirestore(app),
  ).dropExpired(Date.now());
  console.log(`sweep: ${dropped} sign-ups dropped, their link never opened`);
} finally {
  await deleteApp(app);
}
