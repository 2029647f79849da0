/**
 * Everything the double keeps between requests, in one object handed to its behaviour modules
 * (`checkout/`, `refunds.ts`, `events.ts`) and read by its routes (`http/`).
 */
import type { ChargeJson, EventJson, LineItemJson, RefundJson, SessionJson } from './objects.ts';

export interface SessionState {
  json: SessionJson;
  lineItems: LineItemJson[];
  /** The card payment, once the hosted page paid the session. */
  charge: ChargeJson | null;
}

/** The first answer to a POST with an `Idempotency-Key` (an error too), replayed to every repeat. */
export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

export interface DoubleState {
  /** Checkout Sessions by id, oldest first. */
  sessions: Map<string, SessionState>;
  refunds: Map<string, RefundJson>;
  /** Every event sent, oldest first. */
  events: EventJson[];
  /** By `<path>:<key>`: the answer, success or error, of an endpoint that began executing. */
  idempotent: Map<string, IdempotentAnswer>;
  /** Where browsers reach the double: the base of each session's hosted page URL. */
  publicUrl: string;
  /** Hands an event to the webhook endpoint (or nowhere when none is configured). */
  deliver(event: EventJson): void;
}

export function createDoubleState(deliver: (event: EventJson) => void): DoubleState {
  return {
    sessions: new Map(),
    refunds: new Map(),
    events: [],
    idempotent: new Map(),
    publicUrl: '',
    deliver,
  };
}
