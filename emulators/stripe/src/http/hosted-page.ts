/** The hosted checkout page a person uses: the order, a card field, Pay and Cancel. */
import type { LineItemJson, SessionJson } from '../objects.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const euros = (cents: number, currency: string) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );

const STYLE = `body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0;padding:2rem;color:#1a1f36}
main{max-width:28rem;margin:auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 2px 8px #0002}
table{width:100%;border-collapse:collapse}td{padding:.25rem 0}td:last-child{text-align:right}
.total{font-weight:700;border-top:1px solid #ddd}label{display:block;margin-top:1rem}
input{width:100%;box-sizing:border-box;font-size:1.1rem;padding:.5rem;margin-top:.25rem}
.buttons{display:flex;gap:.5rem;margin-top:1rem}button{flex:1;font-size:1rem;padding:.6rem;border-radius:6px;border:0}
button[value=pay]{background:#635bff;color:#fff}.error{color:#c00}.note{font-size:.85rem;color:#697386}`;

export function renderCheckoutPage(
  session: SessionJson,
  items: LineItemJson[],
  error: string | null,
): string {
  const currency = session.currency ?? 'eur';
  const rows = items
    .map(
      (item) =>
        `<tr><td>${escape(item.description ?? '')}</td><td>${euros(item.amount_total, currency)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Pago (Stripe de prueba)</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head><body><main>
<h1>Pago de prueba</h1>
<table>${rows}<tr class="total"><td>Total</td><td data-testid="total">${euros(session.amount_total ?? 0, currency)}</td></tr></table>
<form method="post">
<label for="card">Número de tarjeta / Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242">
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<div class="buttons"><button type="submit" name="action" value="pay">Pagar ${euros(session.amount_total ?? 0, currency)}</button>
<button type="submit" name="action" value="cancel">Cancelar</button></div>
</form>
<p class="note">Doble local de Stripe: 4242 4242 4242 4242 paga; 4000 0000 0000 0002 se rechaza.</p>
</main></body></html>`;
}

export function renderClosedPage(paid: boolean): string {
  const text = paid
    ? 'Este pago ya se ha completado.'
    : 'Esta sesión de pago ya no está disponible.';
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Pago</title><style>${STYLE}</style></head><body><main><p>${text}</p></main></body></html>`;
}
