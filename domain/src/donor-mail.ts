/**
 * The e-mails donors get (issue 19): a receipt after each card payment, and reminders 7 days and
 * 1 day before a reservation lapses. Pure: data in, `{ subject, text, html }` out, in the donor's
 * language; the functions write them as `mail` documents (docs/data-model.md).
 */
import type { CheckoutKind } from './money';
import { formatEuroCents, RESERVATION_BALANCE_CENTS } from './money';
import type { Language } from './messages';
import { spanishDateTime } from './ledger';

export interface MailMessage {
  /** Who it is from, as the donor's mail app shows it: the parish's name in their language. */
  sender: string;
  subject: string;
  text: string;
  html: string;
}

/** The parish's name as each language writes it, the sender of every donor e-mail. */
const SENDER: Readonly<Record<Language, string>> = {
  es: 'Parroquia Ortodoxa de Asturias',
  en: 'Orthodox Parish of Asturias',
  ro: 'Parohia Ortodoxă din Asturias',
};

/** Days before a reservation's end when its reminder goes out, earliest first. */
export const REMINDER_STAGES = [
  { stage: '7d', beforeMs: 7 * 24 * 60 * 60 * 1000 },
  { stage: '1d', beforeMs: 24 * 60 * 60 * 1000 },
] as const;
export type ReminderStage = (typeof REMINDER_STAGES)[number]['stage'];

/**
 * The reminder a reservation ending at `reservedUntil` is due at `now`: the last stage whose
 * time has come, none once it has ended. A sweep that missed the 7-day mark by more than 6 days
 * sends only the 1-day one.
 */
export function reminderDue(reservedUntil: number, now: number): ReminderStage | null {
  if (now >= reservedUntil) return null;
  const due = REMINDER_STAGES.filter(({ beforeMs }) => now >= reservedUntil - beforeMs);
  return due.at(-1)?.stage ?? null;
}

const LOCALE: Record<Language, string> = { es: 'es-ES', en: 'en-GB', ro: 'ro-RO' };

/**
 * A reservation's deadline as the donor reads it: the last day it leaves (`lastDayOf`), and the
 * hour when it ends within that day. One extended to a day ends at that day's close (the next
 * midnight in Spain), so the day staff typed is the day written, with no hour.
 */
export function formatDeadline(deadline: number, language: Language): string {
  const zone = { timeZone: 'Europe/Madrid' } as const;
  const day = new Intl.DateTimeFormat(LOCALE[language], { dateStyle: 'long', ...zone });
  const time = new Intl.DateTimeFormat(LOCALE[language], { timeStyle: 'short', ...zone });
  const endsAtClose = spanishDateTime(deadline).endsWith(' 00:00');
  return endsAtClose
    ? day.format(deadline - 1)
    : `${day.format(deadline)}, ${time.format(deadline)}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Words {
  greeting: (name: string) => string;
  receiptSubject: string;
  receiptLead: Record<CheckoutKind, string>;
  plots: string;
  amount: string;
  deadline: string;
  /** A deposit's receipt: what is left to pay. */
  rest: string;
  reminderSubject: Record<ReminderStage, string>;
  reminderLead: Record<ReminderStage, string>;
  complete: string;
  thanks: string;
}

const WORDS: Record<Language, Words> = {
  es: {
    greeting: (name) => `Hola, ${name}:`,
    receiptSubject: 'Recibo de tu donativo · Parroquia Ortodoxa de Asturias',
    receiptLead: {
      buy: 'Hemos recibido tu donativo. Las parcelas ya llevan tu nombre en el mapa.',
      reserve:
        'Hemos recibido la señal de tu reserva. Las parcelas quedan reservadas a tu nombre hasta el último día que ves abajo.',
      complete: 'Hemos recibido el pago que completa tu reserva. Las parcelas ya son tuyas.',
    },
    plots: 'Parcelas',
    amount: 'Importe',
    deadline: 'Último día para completar la compra:',
    rest: 'Queda por pagar:',
    reminderSubject: {
      '7d': 'Tu reserva termina en 7 días',
      '1d': 'Tu reserva termina mañana',
    },
    reminderLead: {
      '7d': 'Te quedan 7 días para completar la compra de las parcelas que reservaste.',
      '1d': 'Mañana termina el plazo para completar la compra de las parcelas que reservaste.',
    },
    complete: 'Complétala en el mapa',
    thanks: 'Gracias por ayudar a construir nuestra iglesia.',
  },
  en: {
    greeting: (name) => `Hello ${name},`,
    receiptSubject: 'Receipt for your donation · Orthodox Parish of Asturias',
    receiptLead: {
      buy: 'We have received your donation. The plots now carry your name on the map.',
      reserve:
        'We have received the deposit for your reservation. The plots are reserved in your name until the last day below.',
      complete:
        'We have received the payment that completes your reservation. The plots are now yours.',
    },
    plots: 'Plots',
    amount: 'Amount',
    deadline: 'Last day to complete the purchase:',
    rest: 'Left to pay:',
    reminderSubject: {
      '7d': 'Your reservation ends in 7 days',
      '1d': 'Your reservation ends tomorrow',
    },
    reminderLead: {
      '7d': 'You have 7 days left to complete the purchase of the plots you reserved.',
      '1d': 'Tomorrow is the last day to complete the purchase of the plots you reserved.',
    },
    complete: 'Complete it on the map',
    thanks: 'Thank you for helping to build our church.',
  },
  ro: {
    greeting: (name) => `Bună ziua, ${name},`,
    receiptSubject: 'Chitanța donației dumneavoastră · Parohia Ortodoxă din Asturias',
    receiptLead: {
      buy: 'Am primit donația dumneavoastră. Parcelele poartă acum numele dumneavoastră pe hartă.',
      reserve:
        'Am primit avansul rezervării dumneavoastră. Parcelele vă sunt rezervate până în ultima zi de mai jos.',
      complete:
        'Am primit plata care finalizează rezervarea dumneavoastră. Parcelele sunt acum ale dumneavoastră.',
    },
    plots: 'Parcele',
    amount: 'Suma',
    deadline: 'Ultima zi pentru a plăti restul:',
    rest: 'Mai aveți de plătit:',
    reminderSubject: {
      '7d': 'Rezervarea dumneavoastră se încheie peste 7 zile',
      '1d': 'Rezervarea dumneavoastră se încheie mâine',
    },
    reminderLead: {
      '7d': 'Mai aveți 7 zile pentru a finaliza cumpărarea parcelelor rezervate.',
      '1d': 'Mâine este ultima zi pentru a finaliza cumpărarea parcelelor rezervate.',
    },
    complete: 'Finalizați-o pe hartă',
    thanks: 'Vă mulțumim că ajutați la construirea bisericii noastre.',
  },
};

/** One message from lines of text: the plain text as they are, the HTML escaped. */
export function compose(
  language: Language,
  subject: string,
  lines: Array<{ text: string; href?: string }>,
): MailMessage {
  const text = lines.map((line) => (line.href ? `${line.text}: ${line.href}` : line.text));
  const html = lines.map((line) =>
    line.href
      ? `<p><a href="${escapeHtml(line.href)}">${escapeHtml(line.text)}</a></p>`
      : `<p>${escapeHtml(line.text)}</p>`,
  );
  return {
    sender: SENDER[language],
    subject,
    text: `${text.join('\n\n')}\n`,
    html: html.join('\n'),
  };
}

export interface ReceiptData {
  language: Language;
  name: string;
  kind: CheckoutKind;
  plots: readonly string[];
  amountCents: number;
  /** The reservation's end, for a deposit. */
  reservedUntil: number | null;
  /** The site's address, for the link to the map. */
  siteUrl: string;
}

export function paymentReceipt(data: ReceiptData): MailMessage {
  const words = WORDS[data.language];
  return compose(data.language, words.receiptSubject, [
    { text: words.greeting(data.name) },
    { text: words.receiptLead[data.kind] },
    { text: `${words.plots}: ${data.plots.join(', ')}` },
    { text: `${words.amount}: ${formatEuroCents(data.amountCents, LOCALE[data.language])}` },
    ...(data.kind === 'reserve'
      ? [
          {
            text: `${words.rest} ${formatEuroCents(RESERVATION_BALANCE_CENTS * data.plots.length, LOCALE[data.language])}`,
          },
        ]
      : []),
    ...(data.kind === 'reserve' && data.reservedUntil !== null
      ? [
          { text: `${words.deadline} ${formatDeadline(data.reservedUntil, data.language)}.` },
          { text: words.complete, href: `${data.siteUrl}/donativos` },
        ]
      : []),
    { text: words.thanks },
  ]);
}

export interface ReminderData {
  language: Language;
  name: string;
  stage: ReminderStage;
  plots: readonly string[];
  reservedUntil: number;
  siteUrl: string;
}

export function reservationReminder(data: ReminderData): MailMessage {
  const words = WORDS[data.language];
  return compose(data.language, words.reminderSubject[data.stage], [
    { text: words.greeting(data.name) },
    { text: words.reminderLead[data.stage] },
    { text: `${words.plots}: ${data.plots.join(', ')}` },
    { text: `${words.deadline} ${formatDeadline(data.reservedUntil, data.language)}.` },
    { text: words.complete, href: `${data.siteUrl}/donativos` },
    { text: words.thanks },
  ]);
}

/** What became of one plot after money went back on the gift that paid for it. */
export type PlotFate =
  | { plot: string; fate: 'kept' }
  | { plot: string; fate: 'reserved'; until: number }
  | { plot: string; fate: 'released' }
  /** A late payment: the plot was someone else's before the money arrived. */
  | { plot: string; fate: 'lost' };

export interface RefundNoticeData {
  language: Language;
  name: string;
  /** What went back now, and what the gift was. */
  refundedCents: number;
  giftCents: number;
  plots: readonly PlotFate[];
}

interface RefundWords {
  subject: string;
  lead: (refunded: string, gift: string) => string;
  fate: {
    kept: (plot: string) => string;
    reserved: (plot: string, until: string) => string;
    released: (plot: string) => string;
    lost: (plot: string) => string;
  };
  days: string;
  questions: string;
}

const REFUND_WORDS: Record<Language, RefundWords> = {
  es: {
    subject: 'Devolución de tu donativo · Parroquia Ortodoxa de Asturias',
    lead: (refunded, gift) =>
      `Te hemos devuelto ${refunded} de tu donativo de ${gift} a la tarjeta con la que pagaste.`,
    fate: {
      kept: (plot) => `Parcela ${plot}: sigue siendo tuya.`,
      reserved: (plot, until) =>
        `Parcela ${plot}: vuelve a estar reservada para ti hasta el ${until}.`,
      released: (plot) => `Parcela ${plot}: ha quedado libre en el mapa.`,
      lost: (plot) => `Parcela ${plot}: ya era de otro donante cuando llegó tu pago.`,
    },
    days: 'El banco suele tardar entre 5 y 10 días en mostrar la devolución.',
    questions: 'Si tienes alguna pregunta, responde a este correo o habla con la parroquia.',
  },
  en: {
    subject: 'Refund of your donation · Orthodox Parish of Asturias',
    lead: (refunded, gift) =>
      `We have refunded ${refunded} of your donation of ${gift} to the card you paid with.`,
    fate: {
      kept: (plot) => `Plot ${plot}: still yours.`,
      reserved: (plot, until) => `Plot ${plot}: reserved for you again until ${until}.`,
      released: (plot) => `Plot ${plot}: free again on the map.`,
      lost: (plot) => `Plot ${plot}: it was already another donor's when your payment arrived.`,
    },
    days: 'Your bank usually takes 5 to 10 days to show the refund.',
    questions: 'If you have any question, reply to this e-mail or talk to the parish.',
  },
  ro: {
    subject: 'Rambursarea donației dumneavoastră · Parohia Ortodoxă din Asturias',
    lead: (refunded, gift) =>
      `V-am rambursat ${refunded} din donația dumneavoastră de ${gift} pe cardul cu care ați plătit.`,
    fate: {
      kept: (plot) => `Parcela ${plot}: rămâne a dumneavoastră.`,
      reserved: (plot, until) =>
        `Parcela ${plot}: este din nou rezervată pentru dumneavoastră până la ${until}.`,
      released: (plot) => `Parcela ${plot}: este din nou liberă pe hartă.`,
      lost: (plot) => `Parcela ${plot}: era deja a altui donator când a sosit plata dumneavoastră.`,
    },
    days: 'De obicei banca arată rambursarea în 5–10 zile.',
    questions: 'Dacă aveți întrebări, răspundeți la acest e-mail sau vorbiți cu parohia.',
  },
};

/** The e-mail of a refund (staff's or automatic): what went back and what became of the plots. */
export function refundNotice(data: RefundNoticeData): MailMessage {
  const words = WORDS[data.language];
  const refund = REFUND_WORDS[data.language];
  const money = (cents: number) => formatEuroCents(cents, LOCALE[data.language]);
  return compose(data.language, refund.subject, [
    { text: words.greeting(data.name) },
    { text: refund.lead(money(data.refundedCents), money(data.giftCents)) },
    ...data.plots.map((fate) => ({
      text:
        fate.fate === 'reserved'
          ? refund.fate.reserved(fate.plot, formatDeadline(fate.until, data.language))
          : refund.fate[fate.fate](fate.plot),
    })),
    { text: refund.days },
    { text: refund.questions },
  ]);
}
