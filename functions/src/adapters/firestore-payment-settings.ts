/**
 * `settings/payments` on firebase-admin (docs/data-model.md): the methods Checkout offers. Only
 * this adapter writes it (the rules let no client read or write `settings`); each change is one
 * transaction with its staff action, through the one writer of staff actions.
 */
import { decidePaymentMethodsChange, readPaymentMethods } from '@parroquia/domain';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { PaymentSettingsStore } from '../ports/payment-settings';
import { writeDecision } from './decision-writes';

export function firestorePaymentSettings(db: () => Firestore): PaymentSettingsStore {
  const settings = () => db().collection('settings').doc('payments');
  return {
    async paymentMethods() {
      const snapshot = await settings().get();
      return readPaymentMethods(snapshot.get('payment_methods') as unknown);
    },

    changePaymentMethods(methods, staffUid, now) {
      const firestore = db();
      return firestore.runTransaction(async (tx) => {
        const snapshot = await tx.get(settings());
        const decision = decidePaymentMethodsChange({
          before: readPaymentMethods(snapshot.get('payment_methods') as unknown),
          after: methods,
          context: { staffUid, now, actionId: firestore.collection('staff_actions').doc().id },
        });
        tx.set(settings(), {
          payment_methods: decision.outcome.methods,
          updated_at: Timestamp.fromMillis(now),
          updated_by: staffUid,
        });
        writeDecision(tx, firestore, decision);
        return decision.outcome;
      });
    },
  };
}
