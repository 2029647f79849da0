/** Prices, always in integer euro cents so that sums are exact. */

/** What a Checkout Session pays for: a whole plot, a deposit, or the rest of a reservation. */
export type CheckoutKind = 'buy' | 'reserve' | 'complete';

export const CHECKOUT_KINDS: readonly CheckoutKind[] = ['buy', 'reserve', 'complete'];

export const PLOT_PRICE_CENTS = 25_000;
export const RESERVATION_DEPOSIT_CENTS = 5_000;
/** What is left to pay on a reserved plot: the price minus the deposit already paid. */
export const RESERVATION_BALANCE_CENTS = PLOT_PRICE_CENTS - RESERVATION_DEPOSIT_CENTS;

export function isCheckoutKind(value: unknown): value is CheckoutKind {
  return typeof value === 'string' && (CHECKOUT_KINDS as readonly string[]).includes(value);
}

export function pricePerPlotCents(kind: CheckoutKind): number {
  switch (kind) {
    case 'buy':
      return PLOT_PRICE_CENTS;
    case 'reserve':
      return RESERVATION_DEPOSIT_CENTS;
    case 'complete':
      return RESERVATION_BALANCE_CENTS;
  }
}

/** The amount of one checkout for `plotCount` plots. */
export function checkoutTotalCents(kind: CheckoutKind, plotCount: number): number {
  if (!Number.isInteger(plotCount) || plotCount < 0) {
    throw new RangeError(`A plot count is a whole number, not ${plotCount}`);
  }
  return pricePerPlotCents(kind) * plotCount;
}

/** `25000` -> `250,00 €` (es) or `€250.00` (en); for labels, never for arithmetic. */
/** One formatter per locale: making one costs far more than using it, and lists format many. */
const euroFormats = new Map<string, Intl.NumberFormat>();

export function formatEuroCents(cents: number, locale = 'es-ES'): string {
  let format = euroFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
    euroFormats.set(locale, format);
  }
  return format.format(cents / 100);
}
