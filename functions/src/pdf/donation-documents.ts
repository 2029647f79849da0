/**
 * A gift's receipt and a year's statement as PDFs (issue 30; docs/product.md, "My donations"):
 * the parish as configured (legal name, tax id, address), the donor, a table of rows (date, what,
 * plots, amount; refunds and voids negative), the totals, and what the document is: a receipt or
 * statement, or (only with the parish's switch on) a donation certificate for income tax.
 */
import {
  formatEuroCents,
  visibleText,
  type DonationHistoryLine,
  type Language,
} from '@parroquia/domain';
import { PDFDocument } from 'pdf-lib';
import type { ParishDetails } from '../parish-details';
import {
  DONATION_DOCUMENT_TEXTS,
  documentDate,
  documentShortDate,
  type DonationDocumentTexts,
} from './donation-documents-texts';
import { charactersMissingFrom, embedCertificateFonts } from './fonts';
import { UnprintableTextError } from './donor-certificate';
import { BODY, LEADING, Pages } from './pages';
import { textWidth, wrapText } from './text-layout';
import { A4, BURGUNDY, MUTED, PAGE_MARGIN as MARGIN } from './page-style';

interface DocumentFacts {
  language: Language;
  parish: ParishDetails;
  donorName: string;
  personalCode: string;
  issuedAt: number;
}

export interface ReceiptFacts extends DocumentFacts {
  gift: DonationHistoryLine;
  /** Its refunds and voids, oldest first. */
  undone: readonly DonationHistoryLine[];
}

export interface StatementFacts extends DocumentFacts {
  year: number;
  /** The year's rows, oldest first. */
  lines: readonly DonationHistoryLine[];
  given_cents: number;
  undone_cents: number;
  net_cents: number;
}

export async function renderDonationReceipt(facts: ReceiptFacts): Promise<Uint8Array> {
  const texts = DONATION_DOCUMENT_TEXTS[facts.language];
  const lines = [facts.gift, ...facts.undone];
  const undone = facts.undone.reduce((sum, line) => sum - line.amount_cents, 0);
  return renderDocument(facts, {
    title: facts.parish.taxCertificate ? texts.taxReceiptTitle : texts.receiptTitle,
    reference: facts.gift.id,
    lines,
    totals:
      facts.undone.length === 0
        ? null
        : { given: facts.gift.amount_cents, undone, net: facts.gift.amount_cents - undone },
    emptyText: null,
    kind: 'receipt',
  });
}

export async function renderDonationStatement(facts: StatementFacts): Promise<Uint8Array> {
  const texts = DONATION_DOCUMENT_TEXTS[facts.language];
  return renderDocument(facts, {
    title: facts.parish.taxCertificate
      ? texts.taxStatementTitle(facts.year)
      : texts.statementTitle(facts.year),
    reference: null,
    lines: facts.lines,
    totals: { given: facts.given_cents, undone: facts.undone_cents, net: facts.net_cents },
    emptyText: texts.noRows(facts.year),
    kind: 'statement',
  });
}

interface Body {
  title: string;
  reference: string | null;
  lines: readonly DonationHistoryLine[];
  totals: { given: number; undone: number; net: number } | null;
  emptyText: string | null;
  kind: 'receipt' | 'statement';
}

/** The table's columns: left edges, and the amount's right edge. */
const COLUMNS = {
  date: MARGIN,
  what: MARGIN + 90,
  plots: MARGIN + 290,
  amountRight: A4.width - MARGIN,
};
const PLOTS_WIDTH = COLUMNS.amountRight - 80 - COLUMNS.plots;
const WHAT_WIDTH = COLUMNS.plots - COLUMNS.what - 10;

async function renderDocument(facts: DocumentFacts, body: Body): Promise<Uint8Array> {
  const texts = DONATION_DOCUMENT_TEXTS[facts.language];
  const donorName = visibleText(facts.donorName);
  const doc = await PDFDocument.create();
  doc.setTitle(body.title);
  doc.setLanguage(texts.locale);
  doc.setCreator(texts.parish);
  const printed = [donorName, facts.parish.legalName ?? '', facts.parish.address ?? ''].join(' ');
  const fonts = await embedCertificateFonts(doc, facts, body, texts, printed);
  const missing = charactersMissingFrom(fonts.bold, printed);
  if (missing.length > 0) throw new UnprintableTextError(missing);

  const pages = new Pages(doc, fonts);
  drawParish(pages, texts, facts.parish);
  pages.y -= 18;
  pages.paragraph(body.title, { size: 20, bold: true });
  pages.y -= 6;
  const heading = [
    [texts.donor, donorName],
    [texts.personalCode, facts.personalCode],
    [texts.issued, documentDate(facts.issuedAt, texts.locale)],
    ...(body.reference ? [[texts.reference, body.reference]] : []),
  ];
  for (const [label, value] of heading) pages.paragraph(`${label}: ${value}`);
  pages.y -= 14;

  drawTable(pages, texts, body.lines);
  if (body.lines.length === 0 && body.emptyText) pages.paragraph(body.emptyText, { colour: MUTED });

  if (body.totals) {
    pages.y -= 8;
    const amount = (cents: number) => formatEuroCents(cents, texts.locale);
    const total = (label: string, cents: number, bold = false) => {
      pages.need(BODY * LEADING);
      pages.text(label, COLUMNS.plots, { bold });
      const shown = amount(cents);
      const font = bold ? fonts.bold : fonts.regular;
      pages.text(shown, COLUMNS.amountRight - textWidth(font, shown, BODY), { bold });
      pages.y -= BODY * LEADING;
    };
    total(texts.given, body.totals.given);
    // Nothing undone is 0,00, not "-0,00".
    total(texts.undone, -body.totals.undone || 0);
    total(texts.net, body.totals.net, true);
  }

  pages.y -= 20;
  pages.need(60);
  pages.rule();
  pages.y -= 10;
  if (facts.parish.taxCertificate) {
    const parish = facts.parish.legalName ?? texts.parish;
    pages.paragraph(texts.taxCertificate(parish, facts.parish.taxId ?? texts.askParish, donorName));
  } else {
    pages.paragraph(texts.notTaxCertificate(body.kind), { bold: true });
  }
  pages.paragraph(texts.purpose, { colour: MUTED });
  return doc.save();
}

function drawParish(pages: Pages, texts: DonationDocumentTexts, parish: ParishDetails) {
  pages.paragraph(texts.parish, { size: 15, bold: true, colour: BURGUNDY });
  const detail = (label: string, value: string | null) =>
    pages.paragraph(`${label}: ${value ?? `(${texts.askParish})`}`, { size: 9.5, colour: MUTED });
  detail(texts.legalName, parish.legalName);
  detail(texts.taxId, parish.taxId);
  detail(texts.address, parish.address);
  pages.y -= 6;
  pages.rule();
}

function drawTable(
  pages: Pages,
  texts: DonationDocumentTexts,
  lines: readonly DonationHistoryLine[],
) {
  const { bold, regular } = pages.fonts;
  const header = () => {
    pages.need(BODY * LEADING * 3);
    pages.text(texts.columns.date, COLUMNS.date, { bold: true });
    pages.text(texts.columns.what, COLUMNS.what, { bold: true });
    pages.text(texts.columns.plots, COLUMNS.plots, { bold: true });
    const amount = texts.columns.amount;
    pages.text(amount, COLUMNS.amountRight - textWidth(bold, amount, BODY), { bold: true });
    pages.y -= BODY * LEADING;
    pages.rule(MUTED, 0.4);
    pages.y -= 4;
  };
  if (lines.length === 0) return;
  header();
  for (const line of lines) {
    const what = wrapText(
      `${texts.kinds[line.kind]} · ${texts.methods[line.method]}`,
      regular,
      BODY,
      WHAT_WIDTH,
    );
    const plots = wrapText(line.plots.join(', ') || '-', regular, BODY, PLOTS_WIDTH);
    const rows = Math.max(what.length, plots.length);
    const page = pages.page;
    pages.need(rows * BODY * LEADING + 4);
    if (pages.page !== page) header();
    pages.text(documentShortDate(line.created_at, texts.locale), COLUMNS.date);
    const amount = formatEuroCents(line.amount_cents, texts.locale);
    pages.text(amount, COLUMNS.amountRight - textWidth(regular, amount, BODY));
    const top = pages.y;
    for (let row = 0; row < rows; row += 1) {
      if (what[row]) pages.text(what[row]!, COLUMNS.what);
      if (plots[row]) pages.text(plots[row]!, COLUMNS.plots);
      pages.y -= BODY * LEADING;
    }
    pages.y = Math.min(pages.y, top - BODY * LEADING) - 4;
  }
}
