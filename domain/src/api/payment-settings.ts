/** The parish's payment settings, staff's alone (docs/api.md, "Payment methods"). */
import * as z from 'zod/mini';
import {
  CHECKOUT_PAYMENT_METHODS,
  validatePaymentMethods,
  type CheckoutPaymentMethod,
} from '../payment-methods';
import { defineRoute } from './route';
import { validated } from './validated';

/** `{ methods: ['card', 'bizum'] }`: Stripe's names, card always among them. */
export interface PaymentMethodsBody {
  methods: string[];
}

const paymentMethodsAnswer = z.object({
  /** What Checkout offers now, in the order of `available`. */
  methods: z.array(z.enum(CHECKOUT_PAYMENT_METHODS)),
  /** Every method the parish may turn on (those that pay at once). */
  available: z.array(z.enum(CHECKOUT_PAYMENT_METHODS)),
});

export const paymentMethods = defineRoute({
  method: 'GET',
  path: '/api/staff/payment-methods/',
  access: 'staff',
  answer: paymentMethodsAnswer,
});

export const changePaymentMethods = defineRoute({
  method: 'POST',
  path: '/api/staff/payment-methods/',
  access: 'staff',
  body: z.object({
    methods: validated<string[], CheckoutPaymentMethod[]>(validatePaymentMethods),
  }),
  answer: paymentMethodsAnswer,
});
