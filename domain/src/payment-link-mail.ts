/**
 * The two e-mails of a payment link paid: the payer's receipt (naming them as the payer and the
 * donor, as the map shows them, as the one the plots are for) and the donor's notice that their
 * plots were paid. Pure, as donor-mail.ts.
 */
import { compose, type MailMessage } from './donor-mail';
import type { Language } from './messages';
import { formatEuroCents } from './money';
import type { PaymentLinkKind } from './payment-link';

const LOCALE: Record<Language, string> = { es: 'es-ES', en: 'en-GB', ro: 'ro-RO' };

interface LinkWords {
  greeting: (name: string) => string;
  greetingNoName: string;
  payerSubject: string;
  payerLead: (donor: string) => string;
  donorSubject: string;
  donorLead: (payer: string) => string;
  someone: string;
  kind: Record<PaymentLinkKind, string>;
  plots: string;
  amount: string;
  certificate: string;
  thanks: string;
}

const WORDS: Record<Language, LinkWords> = {
  es: {
    greeting: (name) => `Hola, ${name}:`,
    greetingNoName: 'Hola:',
    payerSubject: 'Recibo de tu pago · Parroquia Ortodoxa de Asturias',
    payerLead: (donor) =>
      `Hemos recibido tu pago. Has pagado tú, y las parcelas son de ${donor}: llevan su nombre en el mapa.`,
    donorSubject: 'Han pagado tus parcelas · Parroquia Ortodoxa de Asturias',
    donorLead: (payer) =>
      `${payer} ha pagado tus parcelas con el enlace que enviaste. Ya son tuyas.`,
    someone: 'Alguien',
    kind: { complete: 'Lo que quedaba de la reserva', buy: 'Compra de parcelas' },
    plots: 'Parcelas',
    amount: 'Importe',
    certificate: 'Descarga tu certificado',
    thanks: 'Gracias por ayudar a construir nuestra iglesia.',
  },
  en: {
    greeting: (name) => `Hello ${name},`,
    greetingNoName: 'Hello,',
    payerSubject: 'Receipt for your payment · Orthodox Parish of Asturias',
    payerLead: (donor) =>
      `We have received your payment. You paid, and the plots are ${donor}'s: they carry that name on the map.`,
    donorSubject: 'Your plots have been paid · Orthodox Parish of Asturias',
    donorLead: (payer) =>
      `${payer} has paid for your plots with the link you sent. They are now yours.`,
    someone: 'Someone',
    kind: { complete: 'The rest of the reservation', buy: 'Plots bought' },
    plots: 'Plots',
    amount: 'Amount',
    certificate: 'Download your certificate',
    thanks: 'Thank you for helping to build our church.',
  },
  ro: {
    greeting: (name) => `Bună ziua, ${name},`,
    greetingNoName: 'Bună ziua,',
    payerSubject: 'Chitanța plății dumneavoastră · Parohia Ortodoxă din Asturias',
    payerLead: (donor) =>
      `Am primit plata dumneavoastră. Dumneavoastră ați plătit, iar parcelele sunt pe numele ${donor}, așa cum apare pe hartă.`,
    donorSubject: 'Parcelele dumneavoastră au fost plătite · Parohia Ortodoxă din Asturias',
    donorLead: (payer) =>
      `${payer} a plătit parcelele dumneavoastră cu linkul trimis. Sunt acum ale dumneavoastră.`,
    someone: 'Cineva',
    kind: { complete: 'Restul rezervării', buy: 'Parcele cumpărate' },
    plots: 'Parcele',
    amount: 'Suma',
    certificate: 'Descărcați certificatul',
    thanks: 'Vă mulțumim că ajutați la construirea bisericii noastre.',
  },
};

export interface PayerReceiptData {
  language: Language;
  /** As the payer typed it at Stripe; empty when they typed none. */
  payerName: string;
  /** The donor as the map shows them: their name, or their code when anonymous. */
  donorDisplay: string;
  kind: PaymentLinkKind;
  plots: readonly string[];
  amountCents: number;
}

export function payerReceipt(data: PayerReceiptData): MailMessage {
  const words = WORDS[data.language];
  return compose(data.language, words.payerSubject, [
    { text: data.payerName ? words.greeting(data.payerName) : words.greetingNoName },
    { text: words.payerLead(data.donorDisplay) },
    { text: words.kind[data.kind] },
    { text: `${words.plots}: ${data.plots.join(', ')}` },
    { text: `${words.amount}: ${formatEuroCents(data.amountCents, LOCALE[data.language])}` },
    { text: words.thanks },
  ]);
}

export interface LinkPaidNoticeData {
  language: Language;
  donorName: string;
  payerName: string;
  plots: readonly string[];
  amountCents: number;
  siteUrl: string;
}

export function linkPaidNotice(data: LinkPaidNoticeData): MailMessage {
  const words = WORDS[data.language];
  return compose(data.language, words.donorSubject, [
    { text: words.greeting(data.donorName) },
    { text: words.donorLead(data.payerName || words.someone) },
    { text: `${words.plots}: ${data.plots.join(', ')}` },
    { text: `${words.amount}: ${formatEuroCents(data.amountCents, LOCALE[data.language])}` },
    { text: words.certificate, href: `${data.siteUrl}/donativos` },
    { text: words.thanks },
  ]);
}
