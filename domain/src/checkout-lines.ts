/**
 * What the donor reads on Stripe's payment page for each plot, in the checkout's language
 * (`checkoutLanguage`), the page's own texts too (the session's `locale`). The amounts come
 * from `pricePerPlotCents`.
 */
import type { Language } from './messages';
import type { CheckoutKind } from './money';

const LINE_NAMES: Readonly<Record<Language, Record<CheckoutKind, (plot: string) => string>>> = {
  es: {
    buy: (plot) => `Parcela ${plot}`,
    reserve: (plot) => `Reserva de la parcela ${plot}`,
    complete: (plot) => `Resto de la parcela ${plot}`,
  },
  en: {
    buy: (plot) => `Plot ${plot}`,
    reserve: (plot) => `Deposit for plot ${plot}`,
    complete: (plot) => `Rest of plot ${plot}`,
  },
  ro: {
    buy: (plot) => `Parcela ${plot}`,
    reserve: (plot) => `Avans pentru parcela ${plot}`,
    complete: (plot) => `Restul parcelei ${plot}`,
  },
};

export function checkoutLineName(kind: CheckoutKind, plot: string, language: Language): string {
  return LINE_NAMES[language][kind](plot);
}
