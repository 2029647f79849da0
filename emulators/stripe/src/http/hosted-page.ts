/** The hosted checkout page a person uses: the order, a card field, Pay and Cancel. */
import type { LineItemJson, SessionJson } from '../objects.ts';
import type { PageLanguage } from '../checkout/locale.ts';
import { PAGE_TEXTS } from './page-texts.ts';

export const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const money = (cents: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );

export const STYLE = `body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0;padding:2rem;color:#1a1f36}
main{max-width:28rem;margin:auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 2px 8px #0002}
table{width:100%;border-collapse:collapse}td{padding:.25rem 0}td:last-child{text-align:right}
.total{font-weight:700;border-top:1px solid #ddd}label{display:block;margin-top:1rem}
input{width:100%;box-sizing:border-box;font-size:1.1rem;padding:.5rem;margin-top:.25rem}
.buttons{display:flex;gap:.5rem;margin-top:1rem}button{flex:1;font-size:1rem;padding:.6rem;border-radius:6px;border:0}
button[value=pay]{background:#635bff;color:#fff}.error{color:#c00}.note{font-size:.85rem;color:#697386}`;

/** The tabs of a session that offers more than card (`bizum-page.ts` adds its own rules). */
export const CHOICE_STYLE = `nav.methods{display:flex;gap:.5rem;margin-top:1rem}
nav.methods a{flex:1;text-align:center;padding:.6rem;border:1px solid #c1c9d2;border-radius:6px;color:#1a1f36;text-decoration:none;font-weight:600}
nav.methods a[aria-current=page]{border:2px solid #635bff;color:#635bff}
button[value=bizum-phone],button[value=bizum-confirm]{background:#007a7a;color:#fff}`;

/** Why a card was not charged, shown on the page again. */
export type CardRefusal = 'declined' | 'invalid';

export function renderCheckoutPage(
  session: SessionJson,
  items: LineItemJson[],
  language: PageLanguage,
  refusal: CardRefusal | null,
  /** The method tabs, for a session that offers more than card; absent, the page is card alone. */
  choice = '',
): string {
  const text = PAGE_TEXTS[language];
  const currency = session.currency ?? 'eur';
  const amount = (cents: number) => money(cents, currency, text.locale);
  const total = amount(session.amount_total ?? 0);
  const rows = items
    .map(
      (item) =>
        `<tr><td>${escape(item.description ?? '')}</td><td>${amount(item.amount_total)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escape(text.title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}${choice ? CHOICE_STYLE : ''}</style></head><body><main>
<h1>${escape(text.heading)}</h1>
<table>${rows}<tr class="total"><td>${escape(text.total)}</td><td data-testid="total">${total}</td></tr></table>
${choice}<form method="post">
${
  session.customer_email
    ? ''
    : `<label for="email">${escape(text.email)}</label>
<input id="email" name="email" type="email" autocomplete="email">
<label for="name">${escape(text.name)}</label>
<input id="name" name="name" autocomplete="name">`
}
<label for="card">${escape(text.cardNumber)}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242">
${refusal ? `<p class="error" role="alert">${escape(text[refusal])}</p>` : ''}
<div class="buttons"><button type="submit" name="action" value="pay">${escape(text.pay(total))}</button>
<button type="submit" name="action" value="cancel">${escape(text.cancel)}</button></div>
</form>
<p class="note">${escape(text.note)}</p>
</main></body></html>`;
}

export function renderClosedPage(paid: boolean, language: PageLanguage): string {
  const text = PAGE_TEXTS[language];
  const message = paid ? text.alreadyPaid : text.unavailable;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escape(text.closedTitle)}</title><style>${STYLE}</style></head><body><main><p>${escape(message)}</p></main></body></html>`;
}
