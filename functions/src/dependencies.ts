/** The production wiring of the API's ports. Builds nothing until a request needs it. */
import { randomInt } from 'node:crypto';
import { generatePersonalCode } from '@parroquia/domain';
import { firebaseAddressProofs } from './adapters/firebase-address-proofs';
import { firebaseIdTokenVerifier } from './adapters/firebase-id-tokens';
import { firebasePasswordResets } from './adapters/firebase-password-resets';
import { firestoreAccountData } from './adapters/firestore-account-data';
import { firebaseSignUps } from './adapters/firebase-sign-ups';
import { firestoreBackOffice } from './adapters/firestore-back-office';
import { firebaseSessionRevoker } from './adapters/firebase-sessions';
import { firestoreCertificateCodes } from './adapters/firestore-certificate-codes';
import { firestoreStaffActions } from './adapters/firestore-staff-actions';
import { firestoreDonationLedger } from './adapters/firestore-donations';
import { firestorePhysicalCertificates } from './adapters/firestore-physical-certificates';
import { firestoreCellRepository } from './adapters/firestore-cells';
import { firestoreCommemorations } from './adapters/firestore-commemorations';
import { firestorePaymentLinks } from './adapters/firestore-payment-links';
import { firestorePaymentStore } from './adapters/firestore-payments';
import { firestorePaymentSettings } from './adapters/firestore-payment-settings';
import { firestoreDonorAccounts } from './adapters/firestore-donors';
import { firestoreUserRepository } from './adapters/firestore-users';
import { firestoreRateLimitCounters } from './adapters/firestore-rate-limits';
import { firestoreStaffDonors } from './adapters/firestore-staff-donors';
import { stripeCheckoutGateway, stripeSettingsFromEnvironment } from './adapters/stripe-checkout';
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './config';
import { auth, firestore } from './firebase';
import type { ApiDependencies } from './ports/api-dependencies';

export function productionDependencies(): ApiDependencies {
  const now = () => Date.now();
  const proofs = firebaseAddressProofs(auth);
  return {
    cells: firestoreCellRepository(firestore),
    users: firestoreUserRepository(firestore),
    idTokens: firebaseIdTokenVerifier(auth),
    donors: firestoreDonorAccounts(firestore, proofs),
    sessions: firebaseSessionRevoker(auth),
    newPersonalCode: () => generatePersonalCode(randomInt),
    now,
    certificateCodes: firestoreCertificateCodes(firestore),
    physicalCertificates: firestorePhysicalCertificates(firestore, proofs),
    donations: firestoreDonationLedger(firestore),
    randomIndex: (size) => randomInt(size),
    payments: {
      store: firestorePaymentStore(firestore, now, proofs),
      checkout: stripeCheckoutGateway(
        stripeSettingsFromEnvironment({
          secretKey: () => STRIPE_SECRET_KEY.value(),
          webhookSecret: () => STRIPE_WEBHOOK_SECRET.value(),
        }),
      ),
      siteUrl: siteUrlFromEnvironment,
    },
    rateLimits: firestoreRateLimitCounters(firestore),
    backOffice: firestoreBackOffice(firestore, proofs),
    staffActions: firestoreStaffActions(firestore, auth),
    staffDonors: firestoreStaffDonors(firestore, proofs),
    passwordResets: firebasePasswordResets(auth, firestore),
    commemorations: firestoreCommemorations(firestore),
    accountData: firestoreAccountData(firestore, auth, proofs),
    signUps: firebaseSignUps(auth, firestore),
    paymentSettings: firestorePaymentSettings(firestore),
    paymentLinks: firestorePaymentLinks(firestore),
  };
}

/**
 * SITE_URL (set by the local stack, and in `functions/.env` for production) wins; otherwise the
 * browser's Origin, which Hosting forwards (the success page is on the same site).
 */
function siteUrlFromEnvironment(origin: string | null): string {
  const configured = process.env.SITE_URL;
  if (configured) return configured.replace(/\/$/, '');
  if (origin && /^https?:\/\/[^/]+$/.test(origin)) return origin;
  throw new Error('SITE_URL is not set and the request has no Origin');
}
