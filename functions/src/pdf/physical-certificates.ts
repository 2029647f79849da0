/**
 * The printable physical certificates staff hand to cash and transfer donors: one A4 page per
 * code, the code printed large, blank lines for the donor's name and plots, written by hand.
 * Spanish only (docs/product.md). The standard PDF fonts cover every character of these texts
 * (WinAnsi: á, é, ñ, ...), so nothing is embedded and 250 pages stay small and quick.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { fittingSize, wrapText } from './text-layout';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.15, 0.12, 0.1);
const GOLD = rgb(0.62, 0.47, 0.16);
const MUTED = rgb(0.4, 0.38, 0.36);

export const PHYSICAL_CERTIFICATE_TEXT = {
  parish: 'Parroquia Ortodoxa de Asturias',
  title: 'Certificado de donación',
  intro: [
    'Con gratitud, la parroquia certifica que la persona aquí nombrada ha donado',
    'las parcelas indicadas para la construcción de nuestra iglesia.',
  ],
  donor: 'Donante',
  plots: 'Parcelas',
  date: 'Fecha',
  codeLabel: 'Código del certificado',
  codeHelp: [
    'Introduce este código en tu perfil de la web de donativos para ver tus',
    'parcelas en el plano y descargar tu certificado.',
  ],
} as const;

export interface PaperFonts {
  regular: PDFFont;
  bold: PDFFont;
  code: PDFFont;
}

/** What a filled-in certificate writes on its lines, in a font that has every letter of them. */
export interface FilledLines {
  donor: string;
  plots: string;
  date: string;
  font: PDFFont;
}

/** A new document of paper certificates, with the standard fonts of their printed texts. */
export async function paperCertificateDocument(): Promise<{ pdf: PDFDocument; fonts: PaperFonts }> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(PHYSICAL_CERTIFICATE_TEXT.title);
  pdf.setAuthor(PHYSICAL_CERTIFICATE_TEXT.parish);
  pdf.setLanguage('es-ES');
  const fonts: PaperFonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    code: await pdf.embedFont(StandardFonts.CourierBold),
  };
  return { pdf, fonts };
}

export async function physicalCertificatesPdf(codes: readonly string[]): Promise<Uint8Array> {
  const { pdf, fonts } = await paperCertificateDocument();
  for (const code of codes) drawCertificate(pdf.addPage(A4), code, fonts);
  return pdf.save();
}

/** One certificate: blank lines to write on by hand, or written on (`filled`). */
export function drawCertificate(
  page: PDFPage,
  code: string,
  fonts: PaperFonts,
  filled?: FilledLines,
): void {
  const [width, height] = A4;
  const text = PHYSICAL_CERTIFICATE_TEXT;
  page.drawRectangle({
    x: MARGIN / 2,
    y: MARGIN / 2,
    width: width - MARGIN,
    height: height - MARGIN,
    borderColor: GOLD,
    borderWidth: 3,
  });
  const centred = (line: string, y: number, font: PDFFont, size: number, color = INK) =>
    page.drawText(line, {
      x: (width - font.widthOfTextAtSize(line, size)) / 2,
      y,
      size,
      font,
      color,
    });

  centred(text.parish.toUpperCase(), height - 110, fonts.bold, 14, GOLD);
  centred(text.title, height - 170, fonts.bold, 32);
  text.intro.forEach((line, i) => centred(line, height - 230 - i * 18, fonts.regular, 12, MUTED));

  // Lines to fill in by hand, or filled in.
  const labels = [text.donor, text.plots, text.date];
  const layout = filled
    ? layOutFilledFields([filled.donor, filled.plots, filled.date], filled.font)
    : BLANK_FIELDS;
  let y = FIRST_LINE;
  layout.fields.forEach(({ rows, size }, i) => {
    page.drawText(`${labels[i]}:`, { x: MARGIN + 24, y, size: 13, font: fonts.bold, color: INK });
    rows.forEach((row, k) => {
      if (k > 0) y -= size * ROW_PITCH;
      page.drawLine({
        start: { x: MARGIN + 110, y: y - 2 },
        end: { x: width - MARGIN - 24, y: y - 2 },
        thickness: 0.8,
        color: MUTED,
      });
      if (filled && row !== '') {
        page.drawText(row, { x: VALUE_X, y: y + 2, size, font: filled.font, color: INK });
      }
    });
    y -= layout.gap;
  });

  centred(text.codeLabel.toUpperCase(), 250, fonts.bold, 12, GOLD);
  const spaced = code.split('').join(' ');
  centred(spaced, 190, fonts.code, 44);
  text.codeHelp.forEach((line, i) => centred(line, 140 - i * 15, fonts.regular, 10, MUTED));
}

/** Where the lines to fill in start, and how low the last may go (above the code). */
const FIRST_LINE = A4[1] - 330;
const LOWEST_LINE = 290;
/** From one field's last line to the next field's first: roomy, or closer for long values. */
const FIELD_GAP = 60;
const TIGHTEST_FIELD_GAP = 30;
/** From one line of a value to the next, in sizes. */
const ROW_PITCH = 1.6;
const VALUE_X = MARGIN + 116;
const VALUE_WIDTH = A4[0] - 2 * MARGIN - 150;

interface Field {
  /** The value's lines: one, empty, for a blank line to write on. */
  rows: string[];
  size: number;
}

interface Fields {
  fields: Field[];
  gap: number;
}

const BLANK_FIELDS: Fields = {
  fields: [0, 1, 2].map(() => ({ rows: [''], size: 15 })),
  gap: FIELD_GAP,
};

/**
 * The values written on their lines: 15 pt, shrunk to stay on one line down to 11 pt, then
 * wrapped onto more lines (a word longer than a line is cut between letters); smaller still, to
 * 8 pt, and the fields closer together, when the longest names and lists would reach the code.
 */
function layOutFilledFields(values: readonly string[], font: PDFFont): Fields {
  let tried: Fields | null = null;
  for (let floor = 11; floor >= 8; floor -= 0.5) {
    const fields = values.map((value) => {
      const size = fittingSize(value, font, 15, floor, VALUE_WIDTH);
      const rows = wrapText(value, font, size, VALUE_WIDTH);
      return { rows: rows.length > 0 ? rows : [''], size };
    });
    const extra = fields.reduce((sum, f) => sum + (f.rows.length - 1) * f.size * ROW_PITCH, 0);
    const gap = Math.min(FIELD_GAP, (FIRST_LINE - LOWEST_LINE - extra) / (values.length - 1));
    tried = { fields, gap: Math.max(gap, TIGHTEST_FIELD_GAP) };
    if (gap >= TIGHTEST_FIELD_GAP) return tried;
  }
  return tried!;
}
