/**
 * Staff changing the ways of paying Checkout offers (`domain/src/payment-methods.ts`): the new
 * setting and the staff action that records it, before and after, written together. A change to
 * the same list is still recorded: staff pressed save, and the record says what they saw.
 */
import type { CheckoutPaymentMethod } from '../payment-methods';
import { decided, type Decision } from './decision';
import type { RecordContext } from './staff-records';

export interface PaymentMethodsChangeFacts {
  before: readonly CheckoutPaymentMethod[];
  after: readonly CheckoutPaymentMethod[];
  context: RecordContext;
}

export interface PaymentMethodsChanged {
  before: CheckoutPaymentMethod[];
  methods: CheckoutPaymentMethod[];
}

/** The action's `details.query`: each list as Stripe's names joined by commas. */
export function decidePaymentMethodsChange(
  facts: PaymentMethodsChangeFacts,
): Decision<PaymentMethodsChanged> {
  const { before, after, context } = facts;
  return decided(
    { before: [...before], methods: [...after] },
    {
      actions: [
        {
          id: context.actionId,
          action: 'change-payment-methods',
          staff: context.staffUid,
          at: context.now,
          reason: null,
          plots: [],
          donations: [],
          before: [],
          after: [],
          details: { query: { before: before.join(','), after: after.join(',') } },
        },
      ],
    },
  );
}
