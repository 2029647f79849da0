/**
 * The cash limit across a month's end. The deployed function reads the real clock, so here the
 * API's own handler runs in this process with the production Firestore and ID-token adapters on
 * the test stack's emulators and a clock the test sets: last day of January, first of February.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { generatePersonalCode } from '@parroquia/domain';
import { firebaseAddressProofs } from '../../functions/src/adapters/firebase-address-proofs.ts';
import { firebaseSessionRevoker } from '../../functions/src/adapters/firebase-sessions.ts';
import { firestoreAccountData } from '../../functions/src/adapters/firestore-account-data.ts';
import { firestoreDonorAccounts } from '../../functions/src/adapters/firestore-donors.ts';
import { createApiHandler } from '../../functions/src/api/app.ts';
import { firebaseIdTokenVerifier } from '../../functions/src/adapters/firebase-id-tokens.ts';
import { firestoreBackOffice } from '../../functions/src/adapters/firestore-back-office.ts';
import { firestoreStaffDonors } from '../../functions/src/adapters/firestore-staff-donors.ts';
import { firestoreCellRepository } from '../../functions/src/adapters/firestore-cells.ts';
import { firestoreCommemorations } from '../../functions/src/adapters/firestore-commemorations.ts';
import { firestoreCertificateCodes } from '../../functions/src/adapters/firestore-certificate-codes.ts';
import { firestoreStaffActions } from '../../functions/src/adapters/firestore-staff-actions.ts';
import { firestoreRateLimitCounters } from '../../functions/src/adapters/firestore-rate-limits.ts';
import { firestoreDonationLedger } from '../../functions/src/adapters/firestore-donations.ts';
import { firestorePhysicalCertificates } from '../../functions/src/adapters/firestore-physical-certificates.ts';
import { firestoreUserRepository } from '../../functions/src/adapters/firestore-users.ts';
import { firestorePaymentLinks } from '../../functions/src/adapters/firestore-payment-links.ts';
import { firestorePaymentStore } from '../../functions/src/adapters/firestore-payments.ts';
import { firebasePasswordResets } from '../../functions/src/adapters/firebase-password-resets.ts';
import { firebaseSignUps } from '../../functions/src/adapters/firebase-sign-ups.ts';
import { firestorePaymentSettings } from '../../functions/src/adapters/firestore-payment-settings.ts';
import { stripeCheckoutGateway } from '../../functions/src/adapters/stripe-checkout.ts';
import type { ApiDependencies } from '../../functions/src/ports/api-dependencies.ts';
import { startServer, type RunningServer } from '../../functions/test/support/http-server.ts';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import { returnPlots } from '../support/plots.ts';
import { adminAuth, freshPlots, postJson, storedCode, uniqueName } from '../support/staff.ts';

vi.mock('firebase-functions/logger', () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }));

const db = () => adminFirestore(inject('firestoreHost'));
// 31 January 2026, 23:59 in Madrid (UTC+1), and 1 February 00:00:30.
const LAST_MINUTE_OF_JANUARY = Date.UTC(2026, 0, 31, 22, 59);
const FIRST_MINUTE_OF_FEBRUARY = Date.UTC(2026, 0, 31, 23, 0, 30);

let clock = LAST_MINUTE_OF_JANUARY;
let server: RunningServer;
let staffToken = '';
const touched: string[] = [];

beforeAll(async () => {
  const auth = adminAuth(inject('authHost'));
  const proofs = firebaseAddressProofs(() => auth);
  const deps: ApiDependencies = {
    cells: firestoreCellRepository(db),
    users: firestoreUserRepository(db),
    idTokens: firebaseIdTokenVerifier(() => auth),
    now: () => clock,
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
    // Not exercised here: the payment routes have their own suite (payments.test.ts).
    payments: {
      store: firestorePaymentStore(db, () => clock, proofs),
      checkout: stripeCheckoutGateway(() => ({
        secretKey: 'sk_test_unused',
        webhookSecret: 'whsec_unused',
      })),
      siteUrl: () => 'http://localhost',
    },
  };
  server = await startServer(createApiHandler(deps));
  staffToken = await idTokenOf(inject('authHost'), DEMO.staff);
});
afterAll(async () => {
  await server?.close();
  await returnPlots(db(), touched);
});

async function registerCash(email: string, plotCount: number): Promise<Response> {
  const parcelas = freshPlots(plotCount);
  touched.push(...parcelas);
  return postJson(`${server.url}/api/users/register-physical-certificate/`, staffToken, {
    email,
    code: await storedCode(db()),
    parcelas,
  });
}

describe('the monthly cash limit at the turn of the month (Europe/Madrid)', () => {
  it('counts the last day of a month and the first of the next apart', async () => {
    const email = `${uniqueName('mes')}@parroquia.test`;
    clock = LAST_MINUTE_OF_JANUARY;
    expect((await registerCash(email, 3)).status).toBe(200);
    const january = await db().collection('donations').where('donor_email', '==', email).get();
    expect(january.docs.map((doc) => doc.get('month'))).toEqual(['2026-01']);
    expect((january.docs[0]!.get('created_at') as Timestamp).toMillis()).toBe(
      LAST_MINUTE_OF_JANUARY,
    );
    const januaryAgain = await registerCash(email, 1);
    expect(januaryAgain.status).toBe(400);
    expect((await januaryAgain.json()).error).toContain('ya ha entregado 750,00 €');

    clock = FIRST_MINUTE_OF_FEBRUARY;
    expect((await registerCash(email, 3)).status).toBe(200);
    const februaryAgain = await registerCash(email, 1);
    expect(februaryAgain.status).toBe(400);
    expect((await februaryAgain.json()).error).toContain(
      'ya ha entregado 750,00 € en efectivo este mes; aún puede entregar 249,99 €.',
    );
  });

  it("counts cash recorded under another e-mail but linked to the donor's account", async () => {
    clock = FIRST_MINUTE_OF_FEBRUARY;
    // As if a certificate registered for another address was later linked to Ion's account.
    await db()
      .collection('donations')
      .add({
        donor: DEMO.ion.uid,
        donor_email: `${uniqueName('otra')}@parroquia.test`,
        donor_name: 'Ion',
        method: 'cash',
        kind: 'buy',
        amount_cents: 90000,
        cells: [],
        month: '2026-02',
        created_at: Timestamp.fromMillis(FIRST_MINUTE_OF_FEBRUARY - 1000),
        recorded_by: 'staff-demo',
      });
    const response = await registerCash(DEMO.ion.email, 1);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toContain('ya ha entregado 900,00 €');
  });

  it('two cash registrations for one donor at once cannot pass the limit together', async () => {
    clock = FIRST_MINUTE_OF_FEBRUARY;
    const email = `${uniqueName('doble')}@parroquia.test`;
    // 750 + 750 > 999.99: each fits alone, only one may pass.
    const answers = await Promise.all([registerCash(email, 3), registerCash(email, 3)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const entries = await db().collection('donations').where('donor_email', '==', email).get();
    expect(entries.size).toBe(1);
  });
});
