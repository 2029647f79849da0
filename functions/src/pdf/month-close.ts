/**
 * The month's close for the parish council (docs/product.md, "The month's close"): one A4 page
 * in Spanish or Romanian with the month's money by way of paying, the plots, the reservations
 * due next month and the refunds owed. Figures only, nobody named: the page goes round the
 * council. The accountant's export of the same month carries the rows behind each figure.
 */
import {
  formatEuroCents,
  romanianCount,
  type CertificateLanguage,
  type DonationMethod,
  type MoneyClose,
  type MonthClose,
} from '@parroquia/domain';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { certificateDate } from './donor-certificate-texts';
import { embedCertificateFonts } from './fonts';
import { fittingSize, textWidth } from './text-layout';
import { A4, BURGUNDY, INK, MUTED, PAGE_MARGIN as MARGIN } from './page-style';

const RULE = rgb(0.8, 0.76, 0.72);

export interface MonthCloseTexts {
  parish: string;
  title: (month: string) => string;
  printed: (date: string) => string;
  money: string;
  columns: [string, string, string, string, string];
  methods: Record<DonationMethod, string>;
  total: string;
  plots: string;
  bought: (count: number) => string;
  reserved: (count: number) => string;
  completed: (count: number) => string;
  undone: (count: number) => string;
  due: (month: string) => string;
  dueLine: (reservations: number, plots: number, rest: string) => string;
  refundsOwed: string;
  refundsOwedLine: (count: number, amount: string) => string;
  source: (file: string) => string;
  locale: string;
}

/** `noviembre de 2026`, `noiembrie 2026`. */
const monthName = (month: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );

const plural = (count: number, one: string, other: string) => (count === 1 ? one : other);

export const MONTH_CLOSE_TEXTS: Record<CertificateLanguage, MonthCloseTexts> = {
  es: {
    parish: 'Parroquia Ortodoxa de Asturias',
    title: (month) => `Cierre de ${month}`,
    printed: (date) => `Impreso el ${date}. Cifras del libro de donativos.`,
    money: 'Dinero del mes',
    columns: ['Forma de pago', 'Donado', 'Devuelto', 'Anulado', 'Queda'],
    methods: { card: 'Tarjeta', cash: 'Efectivo', transfer: 'Transferencia' },
    total: 'Total',
    plots: 'Parcelas',
    bought: (n) => `${n} ${plural(n, 'parcela comprada', 'parcelas compradas')}`,
    reserved: (n) =>
      `${n} ${plural(n, 'parcela reservada con señal', 'parcelas reservadas con señal')}`,
    completed: (n) =>
      `${n} ${plural(n, 'parcela reservada pagada del todo', 'parcelas reservadas pagadas del todo')}`,
    undone: (n) =>
      `${n} ${plural(n, 'parcela en reembolsos o anulaciones', 'parcelas en reembolsos o anulaciones')}`,
    due: (month) => `Reservas que vencen en ${month}`,
    dueLine: (reservations, plots, rest) =>
      reservations === 0
        ? 'Ninguna.'
        : `${reservations} ${plural(reservations, 'reserva', 'reservas')}, ${plots} ${plural(plots, 'parcela', 'parcelas')}: quedan por pagar ${rest}.`,
    refundsOwed: 'Reembolsos pendientes',
    refundsOwedLine: (count, amount) =>
      count === 0
        ? 'Ninguno.'
        : `${count} ${plural(count, 'pago', 'pagos')} por devolver: ${amount}. Stripe aún no ha hecho la devolución.`,
    source: (file) => `El detalle, fila a fila, está en la exportación del mes (${file}).`,
    locale: 'es-ES',
  },
  ro: {
    parish: 'Parohia Ortodoxă din Asturias',
    title: (month) => `Închiderea lunii ${month}`,
    printed: (date) => `Tipărit la ${date}. Cifre din registrul donațiilor.`,
    money: 'Banii lunii',
    columns: ['Modalitate de plată', 'Donat', 'Rambursat', 'Anulat', 'Rămâne'],
    methods: { card: 'Card', cash: 'Numerar', transfer: 'Transfer' },
    total: 'Total',
    plots: 'Parcele',
    bought: (n) => romanianCount(n, 'parcelă cumpărată', 'parcele cumpărate'),
    reserved: (n) => romanianCount(n, 'parcelă rezervată cu avans', 'parcele rezervate cu avans'),
    completed: (n) =>
      romanianCount(n, 'parcelă rezervată plătită integral', 'parcele rezervate plătite integral'),
    undone: (n) =>
      romanianCount(n, 'parcelă în rambursări sau anulări', 'parcele în rambursări sau anulări'),
    due: (month) => `Rezervări care expiră în ${month}`,
    dueLine: (reservations, plots, rest) =>
      reservations === 0
        ? 'Niciuna.'
        : `${romanianCount(reservations, 'rezervare', 'rezervări')}, ${romanianCount(plots, 'parcelă', 'parcele')}: mai sunt de plătit ${rest}.`,
    refundsOwed: 'Rambursări în așteptare',
    refundsOwedLine: (count, amount) =>
      count === 0
        ? 'Niciuna.'
        : `${romanianCount(count, 'plată', 'plăți')} de rambursat: ${amount}. Stripe nu a făcut încă rambursarea.`,
    source: (file) => `Detaliul, rând cu rând, este în exportul lunii (${file}).`,
    locale: 'ro-RO',
  },
};

export interface MonthClosePage {
  close: MonthClose;
  language: CertificateLanguage;
  printedAt: number;
  /** The export's file name, as the page names it. */
  exportFile: string;
}

export async function renderMonthClose({
  close,
  language,
  printedAt,
  exportFile,
}: MonthClosePage): Promise<Uint8Array> {
  const texts = MONTH_CLOSE_TEXTS[language];
  const euros = (cents: number) => formatEuroCents(cents, texts.locale);
  const month = monthName(close.month, texts.locale);
  const doc = await PDFDocument.create();
  doc.setTitle(texts.title(month));
  doc.setLanguage(texts.locale);
  doc.setCreator(texts.parish);
  const fonts = await embedCertificateFonts(
    doc,
    texts.columns,
    Object.values(texts.methods),
    month,
  );
  const page: PDFPage = doc.addPage([A4.width, A4.height]);
  const width = A4.width - 2 * MARGIN;
  let y = A4.height - MARGIN;

  const line = (value: string, font: PDFFont, size: number, color = INK, gap = 1.5) => {
    y -= size * gap;
    page.drawText(value, {
      x: MARGIN,
      y,
      size: fittingSize(value, font, size, 8, width),
      font,
      color,
    });
  };
  const heading = (value: string) => {
    y -= 14;
    line(value, fonts.bold, 14, BURGUNDY);
    y -= 4;
  };

  line(texts.parish, fonts.bold, 18, BURGUNDY);
  line(texts.title(month), fonts.bold, 16);
  line(texts.printed(certificateDate(printedAt, texts.locale)), fonts.regular, 10, MUTED);

  // The money table: a column of names, then four amounts aligned on their right edge.
  heading(texts.money);
  const nameWidth = 116;
  const amountWidth = (width - nameWidth) / 4;
  const row = (cells: string[], font: PDFFont, color = INK) => {
    y -= 20;
    page.drawText(cells[0]!, { x: MARGIN, y, size: 11, font, color });
    cells.slice(1).forEach((cell, index) => {
      const right = MARGIN + nameWidth + amountWidth * (index + 1);
      page.drawText(cell, { x: right - textWidth(font, cell, 11), y, size: 11, font, color });
    });
  };
  const amounts = (money: MoneyClose) => [
    euros(money.given_cents),
    euros(money.refunded_cents),
    euros(money.voided_cents),
    euros(money.kept_cents),
  ];
  row([...texts.columns], fonts.bold, MUTED);
  for (const method of ['card', 'cash', 'transfer'] as const) {
    row([texts.methods[method], ...amounts(close.byMethod[method])], fonts.regular);
  }
  page.drawLine({
    start: { x: MARGIN, y: y - 7 },
    end: { x: MARGIN + width, y: y - 7 },
    thickness: 0.75,
    color: RULE,
  });
  row([texts.total, ...amounts(close.total)], fonts.bold);

  heading(texts.plots);
  for (const text of [
    texts.bought(close.plots.bought),
    texts.reserved(close.plots.reserved),
    texts.completed(close.plots.completed),
    texts.undone(close.plots.undone),
  ]) {
    line(text, fonts.regular, 11);
  }

  const due = close.dueNextMonth;
  heading(texts.due(monthName(due.month, texts.locale)));
  line(texts.dueLine(due.reservations, due.plots, euros(due.balance_cents)), fonts.regular, 11);

  heading(texts.refundsOwed);
  line(
    texts.refundsOwedLine(close.refundsOwed.count, euros(close.refundsOwed.cents)),
    fonts.regular,
    11,
  );

  y -= 10;
  line(texts.source(exportFile), fonts.regular, 10, MUTED);
  return doc.save();
}
