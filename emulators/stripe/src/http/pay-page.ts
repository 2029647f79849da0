/**
 * The hosted payment page of a session (`/c/pay/:id`): GET shows it; POST pays or is declined
 * (the page again, with the reason) or cancels (back to `cancel_url`, the session stays open, as
 * on Stripe). A session no longer open shows a closed page. Every page is in the session's
 * `locale`, or the browser's language for `auto` or none (`pageLanguage`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pageLanguage } from '../checkout/locale.ts';
import { payByCard } from '../checkout/outcomes.ts';
import type { DoubleState } from '../state.ts';
import { renderCheckoutPage, renderClosedPage } from './hosted-page.ts';
import { redirect, sendHtml } from './respond.ts';

/** The session id of a hosted page path, else null. */
export function payPageSession(path: string): string | null {
  return /^\/c\/pay\/([^/]+)$/.exec(path)?.[1] ?? null;
}

export function handlePayPage(
  state: DoubleState,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  body: string,
): void {
  const session = state.sessions.get(id);
  const language = pageLanguage(session?.json.locale ?? null, req.headers['accept-language']);
  if (!session || session.json.status !== 'open') {
    return sendHtml(res, 404, renderClosedPage(session?.json.status === 'complete', language));
  }
  if (req.method === 'GET')
    return sendHtml(res, 200, renderCheckoutPage(session.json, session.lineItems, language, null));
  const form = new URLSearchParams(body);
  if (form.get('action') === 'cancel') return redirect(res, session.json.cancel_url ?? '/');
  const outcome = payByCard(state, session, form.get('card') ?? '', {
    email: form.get('email'),
    name: form.get('name'),
  });
  if (outcome === 'paid') {
    const { success_url, id: sessionId } = session.json;
    return redirect(res, success_url!.replace('{CHECKOUT_SESSION_ID}', sessionId));
  }
  sendHtml(res, 402, renderCheckoutPage(session.json, session.lineItems, language, outcome));
}
