/**
 * The Stripe test double (emulators/stripe/README.md): the parts of the Stripe API the site uses, answered
 * the way the official `stripe` SDK expects (Checkout Sessions, line items, refunds, errors),
 * a hosted checkout page per session, and signed webhook events.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asList, asRecord, asString, parseStripeForm, type FormValue } from './form.ts';
import { stripeId } from './ids.ts';
import { renderCheckoutPage, renderClosedPage } from './hosted-page.ts';
import type {
  ChargeJson,
  EventJson,
  EventType,
  LineItemJson,
  RefundJson,
  SessionJson,
  StripeErrorBody,
} from './objects.ts';
import { WebhookSender, type DeliveryRecord } from './webhooks.ts';

export const API_VERSION = '2026-10-28.endive';

/** Stripe's test cards the hosted page knows. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const;

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

interface SessionState {
  json: SessionJson;
  lineItems: LineItemJson[];
  charge: ChargeJson | null;
}

class DoubleError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.error.message);
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new DoubleError(400, { error: { type: 'invalid_request_error', message, param, code } });
const missing = (kind: string, id: string, param = 'id') =>
  new DoubleError(404, {
    error: {
      type: 'invalid_request_error',
      message: `No such ${kind}: '${id}'`,
      param,
      code: 'resource_missing',
    },
  });

const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;

export async function startStripeDouble(options: StripeDoubleOptions): Promise<StripeDouble> {
  const log = options.log ?? ((line: string) => console.log(line));
  const sessions = new Map<string, SessionState>();
  const refunds = new Map<string, RefundJson>();
  const events: EventJson[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const nowS = () => Math.floor(Date.now() / 1000);

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

  let publicUrl = options.publicUrl ?? '';

  function emit(type: EventType, object: SessionJson | ChargeJson) {
    const event: EventJson = {
      id: stripeId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowS(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    sender.send(event);
  }

  function session(id: string): SessionState {
    const found = sessions.get(id);
    if (!found) throw missing('checkout.session', id, 'session');
    return found;
  }

  function createSession(params: Record<string, FormValue>): SessionJson {
    if (asString(params.mode) !== 'payment') {
      throw invalid('Only mode=payment is supported by this double.', 'mode');
    }
    const successUrl = asString(params.success_url);
    const cancelUrl = asString(params.cancel_url);
    if (!successUrl || !isUrl(successUrl))
      throw invalid('Not a valid URL', 'success_url', 'url_invalid');
    if (cancelUrl !== undefined && !isUrl(cancelUrl))
      throw invalid('Not a valid URL', 'cancel_url', 'url_invalid');
    const items = asList(params.line_items);
    if (items.length === 0) throw invalid('line_items is required in payment mode.', 'line_items');
    const now = nowS();
    const expiresAt =
      params.expires_at === undefined ? now + MAX_EXPIRY_S : Number(asString(params.expires_at));
    if (
      !Number.isInteger(expiresAt) ||
      expiresAt < now + MIN_EXPIRY_S - 5 ||
      expiresAt > now + MAX_EXPIRY_S
    ) {
      throw invalid(
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
    const lineItems = items.map((raw, index) => lineItem(asRecord(raw), index));
    const currency = lineItems[0]!.currency;
    if (lineItems.some((item) => item.currency !== currency)) {
      throw invalid('All line items must use the same currency.', 'line_items');
    }
    const total = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
    const id = stripeId('cs_test', 58);
    const json: SessionJson = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: cancelUrl ?? null,
      client_reference_id: asString(params.client_reference_id) ?? null,
      created: now,
      currency,
      customer_email: asString(params.customer_email) ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata: metadataOf(params.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      url: `${publicUrl}/c/pay/${id}`,
    };
    sessions.set(id, { json, lineItems, charge: null });
    return json;
  }

  function expireSession(state: SessionState) {
    state.json.status = 'expired';
    state.json.url = null;
    emit('checkout.session.expired', state.json);
  }

  function pay(state: SessionState) {
    const paymentIntent = stripeId('pi');
    const charge: ChargeJson = {
      id: stripeId('ch'),
      object: 'charge',
      amount: state.json.amount_total ?? 0,
      amount_refunded: 0,
      created: nowS(),
      currency: state.json.currency ?? 'eur',
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: paymentIntent,
      refunded: false,
      status: 'succeeded',
    };
    state.charge = charge;
    Object.assign(state.json, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: paymentIntent,
      url: null,
    } satisfies Partial<SessionJson>);
    emit('checkout.session.completed', state.json);
  }

  function createRefund(params: Record<string, FormValue>): RefundJson {
    const paymentIntent = asString(params.payment_intent);
    const chargeId = asString(params.charge);
    const state = [...sessions.values()].find(
      (candidate) =>
        candidate.charge !== null &&
        (candidate.charge.payment_intent === paymentIntent || candidate.charge.id === chargeId),
    );
    if (!paymentIntent && !chargeId)
      throw invalid('One of `charge` or `payment_intent` is required.');
    if (!state?.charge) {
      throw paymentIntent
        ? missing('payment_intent', paymentIntent, 'payment_intent')
        : missing('charge', chargeId!, 'charge');
    }
    const charge = state.charge;
    const left = charge.amount - charge.amount_refunded;
    const amount = params.amount === undefined ? left : Number(asString(params.amount));
    if (left <= 0) {
      throw invalid(
        `Charge ${charge.id} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    }
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw invalid(
        `Refund amount (€${amount / 100}) is greater than unrefunded amount on charge (€${left / 100})`,
        'amount',
        'amount_too_large',
      );
    }
    const refund: RefundJson = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: nowS(),
      currency: charge.currency,
      metadata: metadataOf(params.metadata),
      payment_intent: charge.payment_intent as string,
      reason: (asString(params.reason) as RefundJson['reason']) ?? null,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    emit('charge.refunded', charge);
    return refund;
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, body: string) {
    const auth = req.headers.authorization ?? '';
    if (!/^Bearer sk_test_\S+$/.test(auth)) {
      throw new DoubleError(401, {
        error: {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided: use a test secret key (sk_test_...).',
        },
      });
    }
    const key = req.headers['idempotency-key'];
    const idempotencyKey =
      req.method === 'POST' && typeof key === 'string' ? `${path}:${key}` : null;
    const earlier = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (earlier)
      return sendJson(res, earlier.status, earlier.body, { 'Idempotent-Replayed': 'true' });
    const params = parseStripeForm(
      req.method === 'GET' ? new URL(req.url ?? '/', 'http://x').search.slice(1) : body,
    );
    const answer = (value: unknown) => {
      if (idempotencyKey) idempotent.set(idempotencyKey, { status: 200, body: value });
      sendJson(res, 200, value);
    };
    const parts = path.split('/').filter(Boolean); // ['v1', 'checkout', 'sessions', id?, action?]
    if (parts[1] === 'checkout' && parts[2] === 'sessions') {
      const [, , , id, action] = parts;
      if (!id && req.method === 'POST') return answer(createSession(params));
      if (!id && req.method === 'GET') {
        const limit = Math.min(Number(asString(params.limit) ?? 10), 100);
        const data = [...sessions.values()]
          .map((state) => state.json)
          .reverse()
          .slice(0, limit);
        return answer({
          object: 'list',
          data,
          has_more: sessions.size > limit,
          url: '/v1/checkout/sessions',
        });
      }
      const state = session(id!);
      if (!action && req.method === 'GET') return answer(state.json);
      if (action === 'expire' && req.method === 'POST') {
        if (state.json.status !== 'open') {
          throw invalid(
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${state.json.status}".`,
          );
        }
        expireSession(state);
        return answer(state.json);
      }
      if (action === 'line_items' && req.method === 'GET') {
        return answer({
          object: 'list',
          data: state.lineItems,
          has_more: false,
          url: `/v1/checkout/sessions/${id}/line_items`,
        });
      }
    }
    if (parts[1] === 'refunds') {
      const id = parts[2];
      if (!id && req.method === 'POST') return answer(createRefund(params));
      if (id && req.method === 'GET') {
        const refund = refunds.get(id);
        if (!refund) throw missing('refund', id);
        return answer(refund);
      }
    }
    throw new DoubleError(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${path}).`,
      },
    });
  }

  /** The hosted page: GET shows it, POST pays, is declined, or cancels. */
  function hostedPage(req: IncomingMessage, res: ServerResponse, id: string, body: string) {
    const state = sessions.get(id);
    if (!state || state.json.status !== 'open') {
      return sendHtml(res, 404, renderClosedPage(state?.json.status === 'complete'));
    }
    if (req.method === 'GET')
      return sendHtml(res, 200, renderCheckoutPage(state.json, state.lineItems, null));
    const form = new URLSearchParams(body);
    if (form.get('action') === 'cancel') return redirect(res, state.json.cancel_url ?? '/');
    const card = (form.get('card') ?? '').replace(/[\s-]/g, '');
    if (card === TEST_CARDS.succeeds) {
      pay(state);
      return redirect(res, state.json.success_url!.replace('{CHECKOUT_SESSION_ID}', state.json.id));
    }
    const error =
      card === TEST_CARDS.declined
        ? 'Tu tarjeta ha sido rechazada. / Your card was declined.'
        : 'El número de tarjeta no es válido. / Your card number is invalid.';
    return sendHtml(res, 402, renderCheckoutPage(state.json, state.lineItems, error));
  }

  /**
   * Test controls, never part of Stripe: look at the sessions as if time had passed (those open
   * past their `expires_at` by then expire, as they would have), resend an event.
   */
  function control(req: IncomingMessage, res: ServerResponse, path: string, body: string) {
    const params = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    if (path === '/_double/clock' && req.method === 'POST') {
      const asOf = nowS() + Number(params.advance_seconds ?? 0);
      checkExpiry(asOf);
      return sendJson(res, 200, { as_of: asOf });
    }
    const resend = /^\/_double\/events\/([^/]+)\/resend$/.exec(path);
    if (resend && req.method === 'POST') {
      const event = events.find((candidate) => candidate.id === resend[1]);
      if (!event) throw missing('event', resend[1]!);
      sender.send(event);
      return sendJson(res, 200, event);
    }
    if (path === '/_double/events' && req.method === 'GET')
      return sendJson(res, 200, { events, deliveries: sender.deliveries });
    throw new DoubleError(404, {
      error: { type: 'invalid_request_error', message: `Unknown control ${path}` },
    });
  }

  function checkExpiry(now = nowS()) {
    for (const state of sessions.values()) {
      if (state.json.status === 'open' && state.json.expires_at <= now) expireSession(state);
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      try {
        if (path.startsWith('/v1/'))
          return void api(req, res, path, body).catch((error: unknown) => fail(res, error, log));
        const page = /^\/c\/pay\/([^/]+)$/.exec(path);
        if (page) return hostedPage(req, res, page[1]!, body);
        if (path.startsWith('/_double/')) return control(req, res, path, body);
        if (path === '/') return sendJson(res, 200, { ok: true, service: 'stripe-double' });
        sendJson(res, 404, { error: { type: 'invalid_request_error', message: 'Not found' } });
      } catch (error) {
        fail(res, error, log);
      }
    });
  });
  await new Promise<void>((done) => server.listen(options.port, options.host ?? '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  publicUrl ||= `http://localhost:${port}`;
  const expiry = setInterval(() => checkExpiry(), options.expiryCheckMs ?? 1_000);
  expiry.unref();

  return {
    url,
    port,
    deliveries: sender.deliveries,
    events,
    settle: () => sender.settle(),
    async close() {
      clearInterval(expiry);
      sender.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function lineItem(raw: Record<string, FormValue>, index: number): LineItemJson {
  const priceData = asRecord(raw.price_data);
  const currency = asString(priceData.currency);
  const unitAmount = Number(asString(priceData.unit_amount));
  const name = asString(asRecord(priceData.product_data).name);
  const quantity = Number(asString(raw.quantity) ?? '1');
  const param = `line_items[${index}]`;
  if (!currency)
    throw invalid(
      'Missing required param: line_items[].price_data.currency.',
      `${param}[price_data][currency]`,
      'parameter_missing',
    );
  if (!Number.isInteger(unitAmount) || unitAmount < 0)
    throw invalid('Invalid integer', `${param}[price_data][unit_amount]`);
  if (!name)
    throw invalid(
      'Missing required param: product_data.name.',
      `${param}[price_data][product_data][name]`,
      'parameter_missing',
    );
  if (!Number.isInteger(quantity) || quantity < 1)
    throw invalid('Invalid integer', `${param}[quantity]`);
  return {
    id: stripeId('li'),
    object: 'item',
    amount_subtotal: unitAmount * quantity,
    amount_total: unitAmount * quantity,
    currency: currency.toLowerCase(),
    description: name,
    quantity,
    price: { object: 'price', currency: currency.toLowerCase(), unit_amount: unitAmount },
  };
}

function metadataOf(value: FormValue | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, entry] of Object.entries(asRecord(value))) {
    if (typeof entry === 'string') metadata[key] = entry;
  }
  return metadata;
}

function isUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(
      new URL(value.replace('{CHECKOUT_SESSION_ID}', 'x')).protocol,
    );
  } catch {
    return false;
  }
}

function fail(res: ServerResponse, error: unknown, log: (line: string) => void) {
  if (error instanceof DoubleError) return sendJson(res, error.status, error.body);
  log(`stripe double: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  sendJson(res, 500, {
    error: { type: 'api_error', message: 'Internal error in the Stripe double.' },
  });
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': stripeId('req', 14),
    ...headers,
  });
  res.end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(html);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location });
  res.end();
}
