/**
 * The hosted payment page of a session (`/c/pay/:id`): GET shows it; POST pays or is declined
 * (the page again, with the reason) or cancels (back to `cancel_url`, the session stays open, as
 * on Stripe). A session no longer open shows a closed page. Every page is in the session's
 * `locale`, or the browser's language for `auto` or none (`pageLanguage`).
 *
 * A session that offers card alone shows the card page as it always has; one that offers Bizum
 * too shows the method tabs, `?method=bizum` its Bizum steps (`bizum-page.ts`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pageLanguage } from '../checkout/locale.ts';
import { bizumPhone, payByBizum, payByCard } from '../checkout/outcomes.ts';
import type { DoubleState, SessionState } from '../state.ts';
import { methodTabs, renderBizumPage } from './bizum-page.ts';
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
  const offered = session.json.payment_method_types;
  const choosing = offered.length > 1;
  const method = new URL(req.url ?? '/', 'http://x').searchParams.get('method');
  const bizum = choosing && offered.includes('bizum') && method === 'bizum';
  const tabs = choosing ? methodTabs(session.json, 'card', language) : '';
  const cardPage = (refusal: 'declined' | 'invalid' | null) =>
    renderCheckoutPage(session.json, session.lineItems, language, refusal, tabs);
  if (req.method === 'GET') {
    if (bizum) return sendHtml(res, 200, bizumPage(session, language, null, null));
    return sendHtml(res, 200, cardPage(null));
  }
  const form = new URLSearchParams(body);
  const action = form.get('action');
  if (action === 'cancel') return redirect(res, session.json.cancel_url ?? '/');
  if (bizum) return bizumStep(state, session, res, language, action, form.get('phone') ?? '');
  // The payer's e-mail and name, asked on the page when the session has no e-mail (a payment link).
  const outcome = payByCard(state, session, form.get('card') ?? '', {
    email: form.get('email'),
    name: form.get('name'),
  });
  if (outcome === 'paid') return toSuccess(res, session);
  sendHtml(res, 402, cardPage(outcome));
}

/** Bizum's steps: the mobile typed (then "confirm in your bank's app"), back, or confirmed. */
function bizumStep(
  state: DoubleState,
  session: SessionState,
  res: ServerResponse,
  language: ReturnType<typeof pageLanguage>,
  action: string | null,
  phone: string,
): void {
  const mobile = bizumPhone(phone);
  if (action === 'bizum-phone' && mobile) {
    return sendHtml(res, 200, bizumPage(session, language, mobile, null));
  }
  if (action === 'bizum-confirm') {
    const outcome = payByBizum(state, session, phone);
    if (outcome === 'paid') return toSuccess(res, session);
    return sendHtml(res, 402, bizumPage(session, language, null, outcome));
  }
  if (action === 'bizum-back') return sendHtml(res, 200, bizumPage(session, language, null, null));
  sendHtml(res, 400, bizumPage(session, language, null, 'phoneInvalid'));
}

function bizumPage(
  session: SessionState,
  language: ReturnType<typeof pageLanguage>,
  phone: string | null,
  refusal: 'phoneInvalid' | 'declined' | null,
): string {
  const step = phone === null ? { phone, refusal } : { phone, refusal: null };
  return renderBizumPage(session.json, session.lineItems, language, step);
}

function toSuccess(res: ServerResponse, session: SessionState): void {
  const { success_url, id: sessionId } = session.json;
  redirect(res, success_url!.replace('{CHECKOUT_SESSION_ID}', sessionId));
}
