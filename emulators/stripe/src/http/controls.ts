/**
 * Test controls, never part of Stripe (`/_double/...`): look at the sessions as if time had
 * passed (those open past their `expires_at` by then expire, as they would have), list the
 * events and their deliveries, resend an event.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { expireDueSessions } from '../checkout/outcomes.ts';
import { resourceMissing, unknownPath } from '../errors.ts';
import type { DoubleState } from '../state.ts';
import { unixSeconds } from '../time.ts';
import type { DeliveryRecord } from '../webhooks.ts';
import { sendJson } from './respond.ts';

export function isControlPath(path: string): boolean {
  return path.startsWith('/_double/');
}

export function handleControl(
  state: DoubleState,
  deliveries: readonly DeliveryRecord[],
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  body: string,
): void {
  const params = body ? (JSON.parse(body) as Record<string, unknown>) : {};
  if (path === '/_double/clock' && req.method === 'POST') {
    const asOf = unixSeconds() + Number(params.advance_seconds ?? 0);
    expireDueSessions(state, asOf);
    return sendJson(res, 200, { as_of: asOf });
  }
  const resend = /^\/_double\/events\/([^/]+)\/resend$/.exec(path);
  if (resend && req.method === 'POST') {
    const event = state.events.find((candidate) => candidate.id === resend[1]);
    if (!event) throw resourceMissing('event', resend[1]!);
    state.deliver(event);
    return sendJson(res, 200, event);
  }
  if (path === '/_double/events' && req.method === 'GET')
    return sendJson(res, 200, { events: state.events, deliveries });
  throw unknownPath(`Unknown control ${path}`);
}
