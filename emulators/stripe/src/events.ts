/** Stripe events: each is kept (`state.events`) and handed to the webhook delivery. */
import { stripeId } from './ids.ts';
import type { ChargeJson, EventJson, EventType, SessionJson } from './objects.ts';
import type { DoubleState } from './state.ts';
import { unixSeconds } from './time.ts';

/** The API version the double's events say they were written in. */
export const API_VERSION = '2026-10-28.endive';

export function emitEvent(
  state: DoubleState,
  type: EventType,
  object: SessionJson | ChargeJson,
): void {
  const event: EventJson = {
    id: stripeId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: unixSeconds(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  state.events.push(event);
  state.deliver(event);
}
