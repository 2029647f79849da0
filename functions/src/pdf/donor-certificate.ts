/**
 * The donor certificate (`certificado.pdf`), made to be framed: a double border, the parish's
 * three-bar cross, the heading, the donor's name, what they gave and the codes of their plots,
 * then at the foot the church's floor plan with their plots marked, beside their personal code,
 * the date, the QR code of the public check page and a line for the parish's signature and stamp.
 */
import {
  commemorationsByState,
  formatPlotCode,
  visibleText,
  type CertificateLanguage,
  type CommemorationName,
  type PlotPosition,
} from '@parroquia/domain';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { drawCentredLabel, drawChurchPlan, planHeight } from './church-plan';
import {
  COMMEMORATION_GAP,
  COMMEMORATION_HEADING_AFTER,
  COMMEMORATION_HEADING_SIZE,
  LIST_LEADING,
  NAME_LEADING,
  layOutMiddle,
} from './donor-certificate-layout';
import { DONOR_CERTIFICATE_TEXTS, certificateDate } from './donor-certificate-texts';
import { charactersMissingFrom, embedCertificateFonts } from './fonts';
import { drawQrCode } from './qr-code';
import { fittingSize, wrapText } from './text-layout';
import { A4, BURGUNDY, INK, MUTED } from './page-style';

export interface DonorCertificate {
  language: CertificateLanguage;
  donorName: string;
  personalCode: string;
  /** The plots bought, in map order; at least one. */
  plots: readonly PlotPosition[];
  issuedAt: number;
  /** The public check page, `<site>/verificar/<personal code>`. */
  verifyUrl: string;
  /**
   * The names the donor asks prayers for, printed only when they chose so (the caller passes
   * none otherwise); at most 20.
   */
  commemorations?: readonly CommemorationName[];
}

/** Thrown for a name the embedded font cannot print, naming the characters. */
export class UnprintableTextError extends Error {
  constructor(readonly characters: string[]) {
    super(`The certificate font has no glyph for ${characters.join(' ')}`);
    this.name = 'UnprintableTextError';
  }
}

/** The text's side margins and the space kept free at the top and bottom (inside the border). */
const MARGIN = 72;
const TOP = 62;
const BOTTOM = 58;
const GOLD = rgb(0.72, 0.54, 0.17);

const QR_SIZE = 120;
/** The space kept between the last line of plots and the foot. */
const FOOT_GAP = 18;
/**
 * The foot: the plan with its labels and caption, and never shorter than the right column (code,
 * date, QR code, the check text and address, the signature line), which a narrow plan would
 * otherwise push onto the signature line.
 */
const FOOT_COLUMN_HEIGHT = 252;
const footHeight = (planWidth: number) => Math.max(planHeight(planWidth) + 44, FOOT_COLUMN_HEIGHT);
/** Below the name: a gap, the "has given" line, a gap and the "Plots:" heading. */
const CONTRIBUTION_SIZE = 12.5;
const PLOTS_HEADING_SIZE = 11.5;
const BETWEEN_NAME_AND_PLOTS = 6 + CONTRIBUTION_SIZE * 1.4 + 12 + PLOTS_HEADING_SIZE * 1.4;

export async function renderDonorCertificate(certificate: DonorCertificate): Promise<Uint8Array> {
  if (certificate.plots.length === 0) throw new RangeError('A certificate lists at least one plot');
  const texts = DONOR_CERTIFICATE_TEXTS[certificate.language];
  // The name as a reader sees it: what shows nothing (zero-width characters...) is not printed.
  const donorName = visibleText(certificate.donorName);
  const doc = await PDFDocument.create();
  doc.setTitle(`${texts.title}: ${donorName}`);
  doc.setLanguage(texts.locale);
  doc.setCreator(texts.parish);
  const remembered = commemorationGroups(certificate.commemorations ?? [], texts);
  const fonts = await embedCertificateFonts(doc, certificate, texts, donorName);
  const missing = charactersMissingFrom(fonts.bold, donorName);
  if (missing.length > 0) throw new UnprintableTextError(missing);
  // Checked when the donor saved them; a list stored before would still print no blank box.
  const missingInNames = charactersMissingFrom(fonts.regular, remembered.join(' '));
  if (missingInNames.length > 0) throw new UnprintableTextError(missingInNames);

  const newPage = () => {
    const added = doc.addPage([A4.width, A4.height]);
    drawBorder(added);
    return added;
  };
  let page = newPage();
  const width = A4.width - 2 * MARGIN;
  let y = A4.height - TOP;
  /** Moves to a new page when `height` more points would not fit above the bottom. */
  const room = (height: number) => {
    if (y - height >= BOTTOM) return;
    page = newPage();
    y = A4.height - TOP;
  };
  const line = (text: string, font: PDFFont, size: number, color = INK, leading = 1.4) => {
    room(size * leading);
    y -= size * leading;
    const x = MARGIN + (width - font.widthOfTextAtSize(text, size)) / 2;
    page.drawText(text, { x, y, size, font, color });
  };

  y -= 6;
  drawOrthodoxCross(page, A4.width / 2, y, 46);
  y -= 52;
  line(texts.parish, fonts.bold, 22, BURGUNDY);
  line(texts.title.toUpperCase(), fonts.regular, 13, GOLD);
  y -= 10;
  drawDivider(page, A4.width / 2, y);
  y -= 22;
  line(texts.certifies, fonts.regular, 12.5, MUTED);
  y -= 8;

  const middle = layOutMiddle({
    name: donorName,
    plotList: certificate.plots.map((plot) => formatPlotCode(plot)).join(', '),
    commemorations: remembered,
    bold: fonts.bold,
    regular: fonts.regular,
    width,
    roomFor: (planWidth) => y - BETWEEN_NAME_AND_PLOTS - FOOT_GAP - footHeight(planWidth) - BOTTOM,
  });
  for (const part of middle.name.lines) line(part, fonts.bold, middle.name.size, INK, NAME_LEADING);
  y -= 6;
  line(texts.contribution(certificate.plots.length), fonts.regular, CONTRIBUTION_SIZE);
  y -= 12;
  line(`${texts.plots}:`, fonts.bold, PLOTS_HEADING_SIZE, BURGUNDY);
  for (const part of middle.plots.lines) {
    line(part, fonts.regular, middle.plots.size, INK, LIST_LEADING);
  }
  if (middle.commemorations) {
    y -= COMMEMORATION_GAP;
    line(`${texts.commemorations}:`, fonts.bold, COMMEMORATION_HEADING_SIZE, BURGUNDY);
    y -= COMMEMORATION_HEADING_AFTER;
    for (const part of middle.commemorations.lines) {
      line(part, fonts.regular, middle.commemorations.size, INK, LIST_LEADING);
    }
  }

  // The foot sits at the bottom of the page; past hundreds of plots, of the list's last page.
  if (y - FOOT_GAP - footHeight(middle.planWidth) < BOTTOM) page = newPage();
  await drawFoot(page, certificate, texts, fonts, middle.planWidth);
  return doc.save();
}

type Texts = (typeof DONOR_CERTIFICATE_TEXTS)[CertificateLanguage];

/** "Vivos: Ioan, Maria" and "Difuntos: Gheorghe": each group a line, none when it is empty. */
function commemorationGroups(names: readonly CommemorationName[], texts: Texts): string[] {
  const { living, departed } = commemorationsByState(names);
  return [
    ...(living.length > 0 ? [`${texts.living}: ${living.join(', ')}`] : []),
    ...(departed.length > 0 ? [`${texts.departed}: ${departed.join(', ')}`] : []),
  ];
}

/** The plan with the plots on the left; code, date, QR and signature line on the right. */
async function drawFoot(
  page: PDFPage,
  certificate: DonorCertificate,
  texts: Texts,
  fonts: { regular: PDFFont; bold: PDFFont },
  planWidth: number,
) {
  const top = BOTTOM + footHeight(planWidth);
  const planX = MARGIN + 6;
  const planCentre = planX + planWidth / 2;
  const caption = texts.planCaption;
  const captionSize = fittingSize(caption, fonts.bold, 9.5, 7, planWidth + 40);
  drawCentredLabel(page, caption, fonts.bold, captionSize, planCentre, top - 10);
  const planTop = top - 28;
  await drawChurchPlan(page, { x: planX, top: planTop, width: planWidth }, certificate.plots, {
    language: certificate.language,
    font: fonts.regular,
  });

  // The right column, centred in the space beside the plan.
  const columnLeft = planX + planWidth + 30;
  const columnWidth = A4.width - MARGIN - columnLeft;
  const centre = columnLeft + columnWidth / 2;
  let y = top - 14;
  /** Shrunk to fit the column down to 6 pt, then wrapped (a long address); `y` is the last line. */
  const centred = (text: string, font: PDFFont, size: number, color = INK) => {
    const fitted = fittingSize(text, font, size, 6, columnWidth);
    wrapText(text, font, fitted, columnWidth).forEach((part, i) => {
      if (i > 0) y -= fitted * 1.25;
      const x = centre - font.widthOfTextAtSize(part, fitted) / 2;
      page.drawText(part, { x, y, size: fitted, font, color });
    });
  };
  centred(`${texts.personalCode}: ${certificate.personalCode}`, fonts.bold, 13);
  y -= 18;
  centred(
    `${texts.date}: ${certificateDate(certificate.issuedAt, texts.locale)}`,
    fonts.regular,
    11.5,
  );
  y -= 22;
  drawQrCode(page, certificate.verifyUrl, {
    x: centre - QR_SIZE / 2,
    y: y - QR_SIZE,
    size: QR_SIZE,
  });
  y -= QR_SIZE + 14;
  centred(texts.check, fonts.regular, 8.5, MUTED);
  y -= 11;
  centred(certificate.verifyUrl, fonts.regular, 8.5, MUTED);

  // The signature line, level with the foot of the plan.
  const lineY = BOTTOM + 34;
  page.drawLine({
    start: { x: centre - 90, y: lineY },
    end: { x: centre + 90, y: lineY },
    thickness: 0.6,
    color: MUTED,
  });
  y = lineY - 12;
  centred(texts.signature, fonts.regular, 8.5, MUTED);
}

/** A gold hairline and a burgundy rule inside it, with small gold squares at the corners. */
function drawBorder(page: PDFPage) {
  const { width, height } = page.getSize();
  page.drawRectangle({
    x: 22,
    y: 22,
    width: width - 44,
    height: height - 44,
    borderColor: GOLD,
    borderWidth: 1,
  });
  page.drawRectangle({
    x: 28,
    y: 28,
    width: width - 56,
    height: height - 56,
    borderColor: BURGUNDY,
    borderWidth: 2.2,
  });
  for (const [x, y] of [
    [28, 28],
    [width - 28, 28],
    [28, height - 28],
    [width - 28, height - 28],
  ] as const) {
    page.drawRectangle({ x: x - 4, y: y - 4, width: 8, height: 8, color: GOLD });
  }
}

/** The Orthodox three-bar cross, `height` tall, hanging from (centreX, top). */
function drawOrthodoxCross(page: PDFPage, centreX: number, top: number, height: number) {
  // Drawn in a 40 x 70 box, y downwards.
  const scale = height / 70;
  const path =
    'M17 0H23V10H31V15H23V20H38V26H23V44L32 41V46L23 49V70H17V51L8 54V49L17 46V26H2V20H17V15H9V10H17Z';
  page.drawSvgPath(path, { x: centreX - 20 * scale, y: top, scale, color: BURGUNDY });
}

/** A short gold rule with a diamond in its middle. */
function drawDivider(page: PDFPage, centreX: number, y: number) {
  for (const side of [-1, 1]) {
    page.drawLine({
      start: { x: centreX + side * 10, y },
      end: { x: centreX + side * 90, y },
      thickness: 0.8,
      color: GOLD,
    });
  }
  page.drawSvgPath('M0 -5L5 0L0 5L-5 0Z', { x: centreX, y, color: GOLD });
}
