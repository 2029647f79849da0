/**
 * The donor certificate (`certificado.pdf`): parish heading, donor name, personal code, the
 * codes of the plots bought, the date, a drawing of the grid with those plots marked and a QR
 * code of the public check page.
 */
import { formatPlotCode, type CertificateLanguage, type PlotPosition } from '@parroquia/domain';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { drawChurchGrid } from './church-grid';
import { DONOR_CERTIFICATE_TEXTS, certificateDate } from './donor-certificate-texts';
import { charactersMissingFrom, embedCertificateFonts } from './fonts';
import { drawQrCode } from './qr-code';
import { fittingSize, wrapText } from './text-layout';

export interface DonorCertificate {
  language: CertificateLanguage;
  donorName: string;
  personalCode: string;
  /** The plots bought, in map order; at least one. */
  plots: readonly PlotPosition[];
  issuedAt: number;
  /** The public check page, `<site>/verificar/<personal code>`. */
  verifyUrl: string;
}

/** Thrown for a name the embedded font cannot print, naming the characters. */
export class UnprintableTextError extends Error {
  constructor(readonly characters: string[]) {
    super(`The certificate font has no glyph for ${characters.join(' ')}`);
    this.name = 'UnprintableTextError';
  }
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.1);
const ACCENT = rgb(0.55, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);

export async function renderDonorCertificate(certificate: DonorCertificate): Promise<Uint8Array> {
  if (certificate.plots.length === 0) throw new RangeError('A certificate lists at least one plot');
  const texts = DONOR_CERTIFICATE_TEXTS[certificate.language];
  const doc = await PDFDocument.create();
  doc.setTitle(`${texts.title}: ${certificate.donorName}`);
  doc.setLanguage(texts.locale);
  doc.setCreator(texts.parish);
  const fonts = await embedCertificateFonts(doc);
  const missing = charactersMissingFrom(fonts.bold, certificate.donorName);
  if (missing.length > 0) throw new UnprintableTextError(missing);

  let page = doc.addPage([A4.width, A4.height]);
  const width = A4.width - 2 * MARGIN;
  let y = A4.height - MARGIN;
  /** Moves to a new page when `height` more points would not fit above the bottom margin. */
  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };
  const line = (text: string, font: PDFFont, size: number, color = INK, center = true) => {
    room(size * 1.35);
    y -= size * 1.35;
    const x = center ? MARGIN + (width - font.widthOfTextAtSize(text, size)) / 2 : MARGIN;
    page.drawText(text, { x, y, size, font, color });
  };

  line(texts.parish, fonts.bold, 22, ACCENT);
  line(texts.title, fonts.regular, 16, MUTED);
  y -= 18;
  line(texts.certifies, fonts.regular, 12);
  y -= 6;
  const nameSize = fittingSize(certificate.donorName, fonts.bold, 26, 16, width);
  for (const part of wrapText(certificate.donorName, fonts.bold, nameSize, width)) {
    line(part, fonts.bold, nameSize);
  }
  y -= 6;
  line(texts.contribution(certificate.plots.length), fonts.regular, 12);
  y -= 14;
  line(`${texts.personalCode}: ${certificate.personalCode}`, fonts.bold, 14, INK, false);
  const date = certificateDate(certificate.issuedAt, texts.locale);
  line(`${texts.date}: ${date}`, fonts.regular, 12, INK, false);
  y -= 6;
  line(`${texts.plots}:`, fonts.bold, 12, INK, false);
  const plotList = certificate.plots.map((plot) => formatPlotCode(plot)).join(', ');
  for (const part of wrapText(plotList, fonts.regular, 11, width)) {
    line(part, fonts.regular, 11, INK, false);
  }

  y -= 24;
  room(FOOTER_HEIGHT);
  drawFooter(page, certificate, fonts.regular, texts.check, y);
  return doc.save();
}

const GRID_WIDTH = 180;
const QR_SIZE = 150;
/** The grid drawing (24 x 39 plots at 7.5 pt) is the footer's tallest part. */
const FOOTER_HEIGHT = (GRID_WIDTH / 24) * 39;

/** The grid drawing on the left and the QR code with its address on the right. */
function drawFooter(
  page: PDFPage,
  certificate: DonorCertificate,
  font: PDFFont,
  checkLabel: string,
  top: number,
) {
  drawChurchGrid(page, { x: MARGIN, top, width: GRID_WIDTH }, certificate.plots);
  const qrX = A4.width - MARGIN - QR_SIZE;
  const qrY = top - QR_SIZE;
  drawQrCode(page, certificate.verifyUrl, { x: qrX, y: qrY, size: QR_SIZE });
  const captionWidth = QR_SIZE + 60;
  let captionY = qrY - 6;
  for (const caption of [checkLabel, certificate.verifyUrl]) {
    const size = fittingSize(caption, font, 9, 6, captionWidth);
    captionY -= 12;
    const x = A4.width - MARGIN - font.widthOfTextAtSize(caption, size);
    page.drawText(caption, { x, y: captionY, size, font, color: MUTED });
  }
}
