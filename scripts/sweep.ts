/**
 * `npm run sweep`: what the hourly `sweepPlots` function does, run by hand against the local
 * stack (the Functions emulator does not fire schedules). FIRESTORE_EMULATOR_HOST picks the
 * Firestore; the default is `npm start`'s.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { firestoreCellRepository } from '../functions/src/adapters/firestore-cells.ts';
import { DEFAULT_PORTS, PROJECT_ID } from '@parroquia/testkit/local-stack';

process.env.METADATA_SERVER_DETECTION ??= 'none';
process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.firestore}`;
const app = initializeApp({ projectId: PROJECT_ID }, 'sweep');
try {
  const cells = firestoreCellRepository(() => getFirestore(app));
  const released = await cells.releaseLapsed(Date.now());
  console.log(
    `sweep: ${released.length} plots released${released.length ? `: ${released.join(', ')}` : ''}`,
  );
} finally {
  await deleteApp(app);
}
