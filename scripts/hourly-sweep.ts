/**
 * The hourly sweep's work with local adapters, as `sweepPlots` does it (functions/src/index.ts):
 * for `npm run sweep` and for the bench that counts what it reads (tests/bench/sweep-reads.ts).
 */
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { firebaseAddressProofs } from '../functions/src/adapters/firebase-address-proofs.ts';
import { mailReservationReminders } from '../functions/src/adapters/reservation-reminders.ts';
import { firestoreCellRepository } from '../functions/src/adapters/firestore-cells.ts';
import { firestorePaymentStore } from '../functions/src/adapters/firestore-payments.ts';
import { firebaseSignUps } from '../functions/src/adapters/firebase-sign-ups.ts';
import {
  stripeCheckoutGateway,
  stripeSettingsFromEnvironment,
} from '../functions/src/adapters/stripe-checkout.ts';
import { sweep, type SweepOutcome } from '../functions/src/payments/sweep.ts';
import { localSecrets } from '@parroquia/testkit/local-stack';

/** What one run did: the sweep's outcome and the reminders queued. */
export interface HourlySweepOutcome extends SweepOutcome {
  reminders: string[];
}

/**
 * One run of the sweep at `now`, against the emulators and Stripe double the environment names
 * (FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST, STRIPE_API_HOST/PORT, SITE_URL).
 */
export async function hourlySweep(app: App, now: () => number): Promise<HourlySweepOutcome> {
  const firestore = () => getFirestore(app);
  const auth = () => getAuth(app);
  const proofs = firebaseAddressProofs(auth);
  const secrets = localSecrets();
  const outcome = await sweep({
    cells: firestoreCellRepository(firestore),
    payments: {
      store: firestorePaymentStore(firestore, now, proofs),
      checkout: stripeCheckoutGateway(
        stripeSettingsFromEnvironment({
          secretKey: () => process.env.STRIPE_SECRET_KEY ?? secrets.STRIPE_SECRET_KEY ?? '',
          webhookSecret: () =>
            process.env.STRIPE_WEBHOOK_SECRET ?? secrets.STRIPE_WEBHOOK_SECRET ?? '',
        }),
      ),
      siteUrl: () => process.env.SITE_URL!,
    },
    signUps: firebaseSignUps(auth, firestore),
    now,
  });
  const reminders = await mailReservationReminders(firestore, proofs, now());
  return { ...outcome, reminders };
}
