/** Reading Checkout Sessions: one by id, the newest first, a session's line items. */
import { resourceMissing } from '../errors.ts';
import { asString, type FormValue } from '../form.ts';
import type { LineItemJson, SessionJson } from '../objects.ts';
import type { DoubleState, SessionState } from '../state.ts';

export interface ListJson<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** The session, or Stripe's 404 naming the `session` parameter. */
export function sessionOf(state: DoubleState, id: string): SessionState {
  const found = state.sessions.get(id);
  if (!found) throw resourceMissing('checkout.session', id, 'session');
  return found;
}

export function listSessions(
  state: DoubleState,
  params: Record<string, FormValue>,
): ListJson<SessionJson> {
  const limit = Math.min(Number(asString(params.limit) ?? 10), 100);
  const data = [...state.sessions.values()]
    .map((session) => session.json)
    .reverse()
    .slice(0, limit);
  return {
    object: 'list',
    data,
    has_more: state.sessions.size > limit,
    url: '/v1/checkout/sessions',
  };
}

export function listLineItems(state: DoubleState, id: string): ListJson<LineItemJson> {
  return {
    object: 'list',
    data: sessionOf(state, id).lineItems,
    has_more: false,
    url: `/v1/checkout/sessions/${id}/line_items`,
  };
}
