/** The ways of paying Checkout offers, as staff see and change them (docs/api.md). */
import { CHECKOUT_PAYMENT_METHODS, type ApiRoutes } from '@parroquia/domain';
import { jsonReply } from '../http';
import type { Handler } from '../router';

export const paymentMethods: Handler<ApiRoutes['paymentMethods']> = async ({ deps }) =>
  jsonReply({
    methods: await deps.paymentSettings.paymentMethods(),
    available: [...CHECKOUT_PAYMENT_METHODS],
  });

export const changePaymentMethods: Handler<ApiRoutes['changePaymentMethods']> = async ({
  deps,
  body,
  caller,
}) => {
  const changed = await deps.paymentSettings.changePaymentMethods(
    body.methods,
    caller.uid,
    deps.now(),
  );
  return jsonReply({ methods: changed.methods, available: [...CHECKOUT_PAYMENT_METHODS] });
};
