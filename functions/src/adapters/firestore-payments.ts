/**
 * The payment writes on firebase-admin: the checkouts (`firestore-checkouts.ts`) and what
 * Stripe's events settle (`firestore-settlements.ts`), side by side in one `PaymentStore`.
 * Neither half calls the other; what both need is `payment-transactions.ts`.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { PaymentStore } from '../ports/payments';
import type { AddressProofs } from '../ports/sign-in';
import { firestoreCheckouts } from './firestore-checkouts';
import { firestoreSettlements } from './firestore-settlements';

/** `proofs` and `siteUrl` as the settlements take them (whether and with what links to mail). */
export function firestorePaymentStore(
  db: () => Firestore,
  now: () => number,
  proofs: AddressProofs,
  siteUrl?: () => string,
): PaymentStore {
  return {
    ...firestoreCheckouts(db, now, proofs),
    ...firestoreSettlements(db, now, proofs, siteUrl),
  };
}
