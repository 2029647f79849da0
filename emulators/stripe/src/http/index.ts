/**
 * The double's HTTP side: reads each request's body, then hands it by path to the Stripe API
 * (`api.ts`), the hosted payment page (`pay-page.ts`) or the test controls (`controls.ts`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DoubleState } from '../state.ts';
import type { DeliveryRecord } from '../webhooks.ts';
import { handleApi, isApiPath } from './api.ts';
import { handleControl, isControlPath } from './controls.ts';
import { handlePayPage, payPageSession } from './pay-page.ts';
import { sendFailure, sendJson } from './respond.ts';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export function createRequestHandler(
  state: DoubleState,
  deliveries: readonly DeliveryRecord[],
  log: (line: string) => void,
): RequestHandler {
  const route = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (isApiPath(path)) return handleApi(state, req, res, path, body);
    const session = payPageSession(path);
    if (session) return handlePayPage(state, req, res, session, body);
    if (isControlPath(path)) return handleControl(state, deliveries, req, res, path, body);
    if (path === '/') return sendJson(res, 200, { ok: true, service: 'stripe-double' });
    sendJson(res, 404, { error: { type: 'invalid_request_error', message: 'Not found' } });
  };
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        route(req, res, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        sendFailure(res, error, log);
      }
    });
  };
}
