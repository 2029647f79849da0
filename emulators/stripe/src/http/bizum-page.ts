/**
 * The hosted page of a session that offers more than card: the method tabs (`?method=`), and
 * Bizum's two steps, as Stripe's Bizum flow goes: the donor's mobile, then "confirm in your
 * bank's app", after which the payment is complete at once (as a card's). The card tab is the
 * card page (`hosted-page.ts`) with the tabs above it.
 */
import type { PageLanguage } from '../checkout/locale.ts';
import type { DoublePaymentMethod } from '../checkout/payment-methods.ts';
import type { LineItemJson, SessionJson } from '../objects.ts';
import { BIZUM_TEXTS } from './bizum-texts.ts';
import { CHOICE_STYLE, STYLE, escape, money } from './hosted-page.ts';
import { PAGE_TEXTS } from './page-texts.ts';

/** Why Bizum did not pay, shown on the page again. */
export type BizumRefusal = 'phoneInvalid' | 'declined';

/** The tabs, the chosen one marked; each a link to the page with its `?method=`. */
export function methodTabs(
  session: SessionJson,
  chosen: DoublePaymentMethod,
  language: PageLanguage,
): string {
  const text = BIZUM_TEXTS[language];
  const tabs = (session.payment_method_types as DoublePaymentMethod[])
    .map(
      (method) =>
        `<a href="?method=${method}" data-method="${method}"${method === chosen ? ' aria-current="page"' : ''}>${escape(text.methods[method])}</a>`,
    )
    .join('');
  return `<nav class="methods" aria-label="${escape(text.methodsLabel)}">${tabs}</nav>\n`;
}

/** `612345678` as people write it: `612 345 678`. */
const spaced = (mobile: string) => mobile.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');

export function renderBizumPage(
  session: SessionJson,
  items: LineItemJson[],
  language: PageLanguage,
  step: { phone: null; refusal: BizumRefusal | null } | { phone: string; refusal: null },
): string {
  const page = PAGE_TEXTS[language];
  const text = BIZUM_TEXTS[language];
  const amount = (cents: number) => money(cents, session.currency ?? 'eur', page.locale);
  const total = amount(session.amount_total ?? 0);
  const rows = items
    .map(
      (item) =>
        `<tr><td>${escape(item.description ?? '')}</td><td>${amount(item.amount_total)}</td></tr>`,
    )
    .join('');
  const form =
    step.phone === null
      ? `<form method="post">
<label for="phone">${escape(text.phone)}</label>
<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel-national" placeholder="600 000 001" aria-describedby="phone-hint">
<p class="note" id="phone-hint">${escape(text.phoneHint)}</p>
${step.refusal ? `<p class="error" role="alert">${escape(text[step.refusal])}</p>` : ''}
<div class="buttons"><button type="submit" name="action" value="bizum-phone">${escape(text.next)}</button>
<button type="submit" name="action" value="cancel">${escape(page.cancel)}</button></div>
</form>`
      : `<form method="post">
<h2>${escape(text.confirmHeading)}</h2>
<p data-testid="bizum-request">${escape(text.confirm(total, spaced(step.phone)))}</p>
<input type="hidden" name="phone" value="${escape(step.phone)}">
<div class="buttons"><button type="submit" name="action" value="bizum-confirm">${escape(text.confirmed)}</button>
<button type="submit" name="action" value="bizum-back">${escape(text.back)}</button></div>
</form>`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escape(page.title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}${CHOICE_STYLE}</style></head><body><main>
<h1>${escape(page.heading)}</h1>
<table>${rows}<tr class="total"><td>${escape(page.total)}</td><td data-testid="total">${total}</td></tr></table>
${methodTabs(session, 'bizum', language)}${form}
<p class="note">${escape(text.note)}</p>
</main></body></html>`;
}
