/** The parish's payment settings (`settings/payments`): read by Checkout, changed by staff. */
import type { CheckoutPaymentMethod, PaymentMethodsChanged } from '@parroquia/domain';

export interface PaymentSettingsStore {
  /** The methods Checkout offers now; the default (card alone) until staff change them. */
  paymentMethods(): Promise<CheckoutPaymentMethod[]>;
  /** The new list stored and the change recorded as a staff action, in one transaction. */
  changePaymentMethods(
    methods: readonly CheckoutPaymentMethod[],
    staffUid: string,
    now: number,
  ): Promise<PaymentMethodsChanged>;
}
