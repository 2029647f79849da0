/**
 * `POST /v1/checkout/sessions` in payment mode: the parameters checked as Stripe checks them
 * (URLs, line items' `price_data`, one currency, `expires_at` between 30 minutes and 24 hours,
 * `locale` one of Stripe's), each a validation failure that saves no idempotent answer.
 */
import { invalidParam } from '../errors.ts';
import { asList, asMetadata, asRecord, asString, type FormValue } from '../form.ts';
import { stripeId } from '../ids.ts';
import type { LineItemJson, SessionJson } from '../objects.ts';
import type { DoubleState } from '../state.ts';
import { unixSeconds } from '../time.ts';
import { sessionLocale } from './locale.ts';
import { sessionPaymentMethods } from './payment-methods.ts';

const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;

export function createSession(state: DoubleState, params: Record<string, FormValue>): SessionJson {
  if (asString(params.mode) !== 'payment') {
    throw invalidParam('Only mode=payment is supported by this double.', 'mode');
  }
  const successUrl = asString(params.success_url);
  const cancelUrl = asString(params.cancel_url);
  if (!successUrl || !isUrl(successUrl))
    throw invalidParam('Not a valid URL', 'success_url', 'url_invalid');
  if (cancelUrl !== undefined && !isUrl(cancelUrl))
    throw invalidParam('Not a valid URL', 'cancel_url', 'url_invalid');
  const items = asList(params.line_items);
  if (items.length === 0)
    throw invalidParam('line_items is required in payment mode.', 'line_items');
  const now = unixSeconds();
  const expiresAt =
    params.expires_at === undefined ? now + MAX_EXPIRY_S : Number(asString(params.expires_at));
  if (
    !Number.isInteger(expiresAt) ||
    expiresAt < now + MIN_EXPIRY_S - 5 ||
    expiresAt > now + MAX_EXPIRY_S
  ) {
    throw invalidParam(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      'expires_at',
    );
  }
  const locale = sessionLocale(asString(params.locale));
  const methods = sessionPaymentMethods(params.allowed_payment_method_types);
  const lineItems = items.map((raw, index) => lineItem(asRecord(raw), index));
  const currency = lineItems[0]!.currency;
  if (lineItems.some((item) => item.currency !== currency)) {
    throw invalidParam('All line items must use the same currency.', 'line_items');
  }
  const total = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  const id = stripeId('cs_test', 58);
  const json: SessionJson = {
    id,
    object: 'checkout.session',
    allowed_payment_method_types: methods.allowed,
    amount_subtotal: total,
    amount_total: total,
    cancel_url: cancelUrl ?? null,
    client_reference_id: asString(params.client_reference_id) ?? null,
    created: now,
    currency,
    customer_details: null,
    customer_email: asString(params.customer_email) ?? null,
    expires_at: expiresAt,
    livemode: false,
    locale,
    metadata: asMetadata(params.metadata),
    mode: 'payment',
    payment_intent: null,
    payment_method_types: methods.offered,
    payment_status: 'unpaid',
    status: 'open',
    success_url: successUrl,
    url: `${state.publicUrl}/c/pay/${id}`,
  };
  state.sessions.set(id, { json, lineItems, charge: null });
  return json;
}

function lineItem(raw: Record<string, FormValue>, index: number): LineItemJson {
  const priceData = asRecord(raw.price_data);
  const currency = asString(priceData.currency);
  const unitAmount = Number(asString(priceData.unit_amount));
  const name = asString(asRecord(priceData.product_data).name);
  const quantity = Number(asString(raw.quantity) ?? '1');
  const param = `line_items[${index}]`;
  if (!currency)
    throw invalidParam(
      'Missing required param: line_items[].price_data.currency.',
      `${param}[price_data][currency]`,
      'parameter_missing',
    );
  if (!Number.isInteger(unitAmount) || unitAmount < 0)
    throw invalidParam('Invalid integer', `${param}[price_data][unit_amount]`);
  if (!name)
    throw invalidParam(
      'Missing required param: product_data.name.',
      `${param}[price_data][product_data][name]`,
      'parameter_missing',
    );
  if (!Number.isInteger(quantity) || quantity < 1)
    throw invalidParam('Invalid integer', `${param}[quantity]`);
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

/** http(s) only; the `{CHECKOUT_SESSION_ID}` template Stripe fills in is allowed. */
function isUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(
      new URL(value.replace('{CHECKOUT_SESSION_ID}', 'x')).protocol,
    );
  } catch {
    return false;
  }
}
