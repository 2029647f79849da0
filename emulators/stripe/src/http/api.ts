/**
 * The Stripe API routes (`/v1/...`): a test secret key required, `Idempotency-Key` on POSTs
 * replaying the first answer of an endpoint that began executing (errors too), the
 * form-encoded parameters the SDK sends, and one table of method + path -> behaviour.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createSession } from '../checkout/create.ts';
import { expireByRequest } from '../checkout/outcomes.ts';
import { listLineItems, listSessions, sessionOf } from '../checkout/sessions.ts';
import { DoubleError, unknownPath } from '../errors.ts';
import { parseStripeForm, type FormValue } from '../form.ts';
import { createRefund, refundOf } from '../refunds.ts';
import type { DoubleState } from '../state.ts';
import { failureAnswer, sendJson } from './respond.ts';

interface ApiRoute {
  method: 'GET' | 'POST';
  /** Matched against the whole path; its groups are the ids handed to `answer`. */
  path: RegExp;
  answer(state: DoubleState, params: Record<string, FormValue>, ids: string[]): unknown;
}

const ROUTES: readonly ApiRoute[] = [
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions$/,
    answer: (state, params) => createSession(state, params),
  },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions$/,
    answer: (state, params) => listSessions(state, params),
  },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    answer: (state, _, [id]) => sessionOf(state, id!).json,
  },
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    answer: (state, _, [id]) => expireByRequest(state, id!),
  },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
    answer: (state, _, [id]) => listLineItems(state, id!),
  },
  {
    method: 'POST',
    path: /^\/v1\/refunds$/,
    answer: (state, params) => createRefund(state, params),
  },
  {
    method: 'GET',
    path: /^\/v1\/refunds\/([^/]+)$/,
    answer: (state, _, [id]) => refundOf(state, id!),
  },
];

export function isApiPath(path: string): boolean {
  return path.startsWith('/v1/');
}

export function handleApi(
  state: DoubleState,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  body: string,
): void {
  if (!/^Bearer sk_test_\S+$/.test(req.headers.authorization ?? '')) {
    throw new DoubleError(401, {
      error: {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided: use a test secret key (sk_test_...).',
      },
    });
  }
  const key = req.headers['idempotency-key'];
  const idempotencyKey = req.method === 'POST' && typeof key === 'string' ? `${path}:${key}` : null;
  const earlier = idempotencyKey ? state.idempotent.get(idempotencyKey) : undefined;
  if (earlier)
    return sendJson(res, earlier.status, earlier.body, { 'Idempotent-Replayed': 'true' });

  const trimmed = `/${path.split('/').filter(Boolean).join('/')}`;
  for (const route of ROUTES) {
    const match = route.method === req.method ? route.path.exec(trimmed) : null;
    if (!match) continue;
    const query = new URL(req.url ?? '/', 'http://x').search.slice(1);
    const params = parseStripeForm(req.method === 'GET' ? query : body);
    let value: unknown;
    try {
      value = route.answer(state, params, match.slice(1));
    } catch (error) {
      // Stripe saves whatever an endpoint answered once it began executing, errors included
      // (500s too); parameters failing validation never began it, so nothing is saved.
      const failedValidation = error instanceof DoubleError && error.failedValidation;
      if (idempotencyKey && !failedValidation)
        state.idempotent.set(idempotencyKey, failureAnswer(error));
      throw error;
    }
    if (idempotencyKey) state.idempotent.set(idempotencyKey, { status: 200, body: value });
    return sendJson(res, 200, value);
  }
  throw unknownPath(`Unrecognized request URL (${req.method}: ${path}).`);
}
