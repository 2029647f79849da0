/**
 * The API's own handler with its production adapters (firebase-admin on the stack's Firestore
 * and Auth emulators, the `stripe` SDK on the Stripe double), served in this test process. For
 * the 50-donor race: the Functions emulator runs one request per worker process, and 50 worker
 * processes starting at once on two cores outlast its 60 s timeout; here the same code serves
 * them concurrently, as a production instance does.
 */
import { randomInt } from 'node:crypto';
import { generatePersonalCode } from '@parroquia/domain';
import { firebaseAddressProofs } from '../../functions/src/adapters/firebase-address-proofs.ts';
import { firebaseIdTokenVerifier } from '../../functions/src/adapters/firebase-id-tokens.ts';
import { firestoreBackOffice } from '../../functions/src/adapters/firestore-back-office.ts';
import { firestoreStaffDonors } from '../../functions/src/adapters/firestore-staff-donors.ts';
import { firebaseSessionRevoker } from '../../functions/src/adapters/firebase-sessions.ts';
import { firestoreAccountData } from '../../functions/src/adapters/firestore-account-data.ts';
import { firestoreCellRepository } from '../../functions/src/adapters/firestore-cells.ts';
import { firestoreCommemorations } from '../../functions/src/adapters/firestore-commemorations.ts';
import { firestoreCertificateCodes } from '../../functions/src/adapters/firestore-certificate-codes.ts';
import { firestoreStaffActions } from '../../functions/src/adapters/firestore-staff-actions.ts';
import { firestoreRateLimitCounters } from '../../functions/src/adapters/firestore-rate-limits.ts';
import { firestoreDonationLedger } from '../../functions/src/adapters/firestore-donations.ts';
import { firestoreDonorAccounts } from '../../functions/src/adapters/firestore-donors.ts';
import { firestorePaymentLinks } from '../../functions/src/adapters/firestore-payment-links.ts';
import { firestorePaymentStore } from '../../functions/src/adapters/firestore-payments.ts';
import { firestorePhysicalCertificates } from '../../functions/src/adapters/firestore-physical-certificates.ts';
import { firestoreUserRepository } from '../../functions/src/adapters/firestore-users.ts';
import { firebasePasswordResets } from '../../functions/src/adapters/firebase-password-resets.ts';
import { firebaseSignUps } from '../../functions/src/adapters/firebase-sign-ups.ts';
import { firestorePaymentSettings } from '../../functions/src/adapters/firestore-payment-settings.ts';
import { stripeCheckoutGateway } from '../../functions/src/adapters/stripe-checkout.ts';
import { createApiHandler } from '../../functions/src/api/app.ts';
import { startServer, type RunningServer } from '../../functions/test/support/http-server.ts';
import { adminFirestore } from './clients.ts';
import { SECRETS } from './payments.ts';
import { adminAuth } from './staff.ts';

export function startInProcessApi(stack: {
  firestoreHost: string;
  authHost: string;
  stripeUrl: string;
  siteUrl: string;
  /** The API's clock (the real one unless told): a test may stand minutes later. */
  now?: () => number;
}): Promise<RunningServer> {
  const db = () => adminFirestore(stack.firestoreHost);
  const auth = adminAuth(stack.authHost);
  const double = new URL(stack.stripeUrl);
  const now = stack.now ?? (() => Date.now());
  const proofs = firebaseAddressProofs(() => auth);
  return startServer(
    createApiHandler({
      cells: firestoreCellRepository(db),
      users: firestoreUserRepository(db),
      idTokens: firebaseIdTokenVerifier(() => auth),
      now,
      certificateCodes: firestoreCertificateCodes(db),
      physicalCertificates: firestorePhysicalCertificates(db, proofs),
      donations: firestoreDonationLedger(db),
      rateLimits: firestoreRateLimitCounters(db),
      backOffice: firestoreBackOffice(db, proofs),
      staffActions: firestoreStaffActions(db, () => auth),
      staffDonors: firestoreStaffDonors(db, proofs),
      passwordResets: firebasePasswordResets(() => auth, db),
      commemorations: firestoreCommemorations(db),
      accountData: firestoreAccountData(db, () => auth, proofs),
      signUps: firebaseSignUps(() => auth, db),
      paymentSettings: firestorePaymentSettings(db),
      paymentLinks: firestorePaymentLinks(db),
      randomIndex: randomInt,
      donors: firestoreDonorAccounts(db, proofs),
      sessions: firebaseSessionRevoker(() => auth),
      newPersonalCode: () => generatePersonalCode(randomInt),
      payments: {
        store: firestorePaymentStore(db, now, proofs),
        checkout: stripeCheckoutGateway(() => ({
          secretKey: SECRETS.STRIPE_SECRET_KEY!,
          webhookSecret: SECRETS.STRIPE_WEBHOOK_SECRET!,
          host: double.hostname,
          port: Number(double.port),
          protocol: 'http',
        })),
        // Success and cancel pages are the site's, as behind Hosting.
        siteUrl: () => stack.siteUrl,
      },
    }),
  );
}
