/** `settings/payments` in memory: the stored list and every change's staff action, as written. */
import {
  decidePaymentMethodsChange,
  readPaymentMethods,
  type CheckoutPaymentMethod,
  type StaffAction,
} from '@parroquia/domain';
import type { PaymentSettingsStore } from '../../src/ports/payment-settings';

export class InMemoryPaymentSettings implements PaymentSettingsStore {
  /** What the document holds; undefined while there is none. */
  stored: unknown = undefined;
  readonly actions: StaffAction[] = [];

  async paymentMethods() {
    return readPaymentMethods(this.stored);
  }

  async changePaymentMethods(
    methods: readonly CheckoutPaymentMethod[],
    staffUid: string,
    now: number,
  ) {
    const decision = decidePaymentMethodsChange({
      before: readPaymentMethods(this.stored),
      after: methods,
      context: { staffUid, now, actionId: `action-${this.actions.length + 1}` },
    });
    this.stored = decision.outcome.methods;
    this.actions.push(...decision.actions);
    return decision.outcome;
  }
}
