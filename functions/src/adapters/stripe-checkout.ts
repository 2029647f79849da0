/**
 * The CheckoutGateway on the official `stripe` SDK. In production it talks to Stripe with the
 * secret key; locally STRIPE_API_HOST / STRIPE_API_PORT / STRIPE_API_PROTOCOL point it at the
 * test double (emulators/stripe). The client is built on first use: secrets exist only then.
 */
import Stripe from 'stripe';
import { DEFAULT_PAYMENT_METHODS, orderMetadata, type Language } from '@parroquia/domain';
import type { CheckoutGateway } from '../ports/payments';

/** Stripe's page in the site's language: Stripe's locales for the three, by the same names. */
const STRIPE_LOCALES: Readonly<Record<Language, Stripe.Checkout.SessionCreateParams.Locale>> = {
  es: 'es',
  en: 'en',
  ro: 'ro',
};

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Only for the local double; unset in production. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export function stripeSettingsFromEnvironment(secrets: {
  secretKey(): string;
  webhookSecret(): string;
}): () => StripeSettings {
  return () => {
    const env = process.env;
    return {
      secretKey: secrets.secretKey(),
      webhookSecret: secrets.webhookSecret(),
      host: env.STRIPE_API_HOST || undefined,
      port: env.STRIPE_API_PORT ? Number(env.STRIPE_API_PORT) : undefined,
      protocol:
        env.STRIPE_API_PROTOCOL === 'http' ? 'http' : env.STRIPE_API_HOST ? 'https' : undefined,
    };
  };
}

export function stripeCheckoutGateway(settings: () => StripeSettings): CheckoutGateway {
  let client: { stripe: Stripe; webhookSecret: string } | undefined;
  const connect = () => {
    if (!client) {
      const { secretKey, webhookSecret, host, port, protocol } = settings();
      client = {
        stripe: new Stripe(secretKey, {
          host,
          port,
          protocol,
          maxNetworkRetries: 2,
          timeout: 20_000,
        }),
        webhookSecret,
      };
    }
    return client;
  };

  return {
    async createSession({
      order,
      lines,
      expiresAt,
      successUrl,
      cancelUrl,
      customerEmail,
      language,
      paymentMethods = DEFAULT_PAYMENT_METHODS,
    }) {
      const session = await connect().stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: line.amountCents,
              product_data: { name: line.name },
            },
          })),
          expires_at: Math.floor(expiresAt / 1000),
          success_url: successUrl,
          cancel_url: cancelUrl,
          client_reference_id: order.checkoutId,
          locale: STRIPE_LOCALES[language],
          // The parish's setting (SDK 23 has no `payment_method_types` on create): Apple Pay and
          // Google Pay come with `card` where the donor's browser has them.
          allowed_payment_method_types: [...paymentMethods],
          ...(customerEmail ? { customer_email: customerEmail } : {}),
          metadata: { ...orderMetadata(order) },
        },
        { idempotencyKey: `checkout-${order.checkoutId}` },
      );
      if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL`);
      return { sessionId: session.id, url: session.url };
    },

    async expireSession(sessionId) {
      const { stripe } = connect();
      let status: Stripe.Checkout.Session.Status | null;
      try {
        status = (await stripe.checkout.sessions.expire(sessionId)).status;
      } catch (error) {
        // Stripe expires only open sessions: one paid or expired meanwhile says what it is.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        status = (await stripe.checkout.sessions.retrieve(sessionId)).status;
      }
      if (status === 'complete') return 'complete';
      return status === 'open' ? 'open' : 'expired';
    },

    async refund(paymentIntent, sessionId) {
      const refund = await connect().stripe.refunds.create(
        { payment_intent: paymentIntent, reason: 'duplicate', metadata: { session_id: sessionId } },
        { idempotencyKey: `refund-${sessionId}` },
      );
      return refund.id;
    },

    async refundPart({ paymentIntent, amountCents, idempotencyKey, donationId }) {
      try {
        const refund = await connect().stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: amountCents,
            reason: 'requested_by_customer',
            metadata: { donation_id: donationId },
          },
          { idempotencyKey },
        );
        return refund.id;
      } catch (error) {
        // Already refunded, or more than is left (a refund of the same gift at the same time).
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
    },

    verifyEvent(rawBody, signature) {
      if (!signature) return null;
      const { stripe, webhookSecret } = connect();
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
        throw error;
      }
    },
  };
}
