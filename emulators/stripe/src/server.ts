/**
 * The Stripe test double (emulators/stripe/README.md): the parts of the Stripe API the site uses,
 * answered the way the official `stripe` SDK expects, a hosted checkout page per session, and
 * signed webhook events. This file wires the parts: the state (`state.ts`), the behaviour
 * (`checkout/`, `refunds.ts`, `events.ts`), the routes (`http/`) and the webhook delivery
 * (`webhooks.ts`), and runs the clock that expires sessions past their `expires_at`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expireDueSessions } from './checkout/outcomes.ts';
import { createRequestHandler } from './http/index.ts';
import type { EventJson } from './objects.ts';
import { createDoubleState } from './state.ts';
import { WebhookSender, type DeliveryRecord } from './webhooks.ts';

export interface StripeDoubleOptions {
  port: number;
  host?: string;
  /** Where browsers reach the double (the hosted page's links); defaults to its own address. */
  publicUrl?: string;
  /** Where events go; none are sent without it. */
  webhookUrl?: string;
  webhookSecret: string;
  /** Waits before each retry of a failed delivery (Stripe's are hours; locally seconds). */
  retryDelaysMs?: readonly number[];
  /** How often open sessions are checked against `expires_at`. */
  expiryCheckMs?: number;
  log?: (line: string) => void;
}

export interface StripeDouble {
  url: string;
  port: number;
  deliveries: readonly DeliveryRecord[];
  /** Every event sent, oldest first. */
  events: readonly EventJson[];
  /** Waits for every webhook delivery under way. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export async function startStripeDouble(options: StripeDoubleOptions): Promise<StripeDouble> {
  const log = options.log ?? ((line: string) => console.log(line));
  const sender = new WebhookSender(
    options.webhookUrl
      ? {
          url: options.webhookUrl,
          secret: options.webhookSecret,
          retryDelaysMs: options.retryDelaysMs ?? [500, 1_000, 2_000, 4_000, 8_000, 16_000],
        }
      : null,
    log,
  );
  const state = createDoubleState((event) => sender.send(event));
  const server = createServer(createRequestHandler(state, sender.deliveries, log));
  await new Promise<void>((done) => server.listen(options.port, options.host ?? '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  state.publicUrl = options.publicUrl || `http://localhost:${port}`;
  const expiry = setInterval(() => expireDueSessions(state), options.expiryCheckMs ?? 1_000);
  expiry.unref();

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    deliveries: sender.deliveries,
    events: state.events,
    settle: () => sender.settle(),
    async close() {
      clearInterval(expiry);
      sender.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
