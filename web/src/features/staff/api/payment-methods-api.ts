/** The ways of paying Checkout offers (docs/api.md, "Payment methods"): read and changed by staff. */
import type { CheckoutPaymentMethod } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient } from '@/lib/api-client';
import { useApiMutation, type ApiWriteCallbacks } from '@/lib/api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** Under what staff see: a correction elsewhere asks it again too, which is harmless. */
export const paymentMethodsKey = (uid: string | null) =>
  [...queryKeys.staff(uid), 'payment-methods'] as const;

export function loadPaymentMethods(client: ApiClient, token: string) {
  return client.call(API_ROUTES.paymentMethods, { token });
}

/** The list saved whole: its answer is the setting as stored, which the screen then shows. */
export function usePaymentMethodsChange(
  callbacks?: ApiWriteCallbacks<
    CheckoutPaymentMethod[],
    Awaited<ReturnType<typeof loadPaymentMethods>>
  >,
) {
  return useApiMutation(
    {
      call: (client, methods: CheckoutPaymentMethod[], token) =>
        client.call(API_ROUTES.changePaymentMethods, { body: { methods }, token }),
      becomes: (uid) => paymentMethodsKey(uid),
    },
    callbacks,
  );
}
