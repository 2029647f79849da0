/**
 * The priest's list (pomelnic) of the names donors ask prayers for: A4 pages, the living and
 * then the departed, each a heading and the first names in two columns, large enough to read
 * at the altar. First names only: the donors are not named (docs/product.md, "Names remembered
 * in prayer"). Runs on to as many pages as the names need, each group's heading repeated.
 */
import type { CertificateLanguage } from '@parroquia/domain';
import { PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { certificateDate } from './donor-certificate-texts';
import { embedCertificateFonts } from './fonts';
import { fittingSize, wrapText } from './text-layout';
import { A4, BURGUNDY, INK, MUTED, PAGE_MARGIN as MARGIN } from './page-style';

const COLUMNS = 2;
const COLUMN_GAP = 24;
const NAME_SIZE = 14;
/** A long name shrinks to its column down to this size, then wraps. */
const NAME_FLOOR = 10;
const LEADING = 1.45;
const HEADING_SIZE = 16;

export interface CommemorationListTexts {
  parish: string;
  title: string;
  living: string;
  departed: string;
  /** Printed on the day, in the parish's calendar. */
  printed: (date: string) => string;
  continued: (heading: string) => string;
  none: string;
  locale: string;
}

export const COMMEMORATION_LIST_TEXTS: Record<CertificateLanguage, CommemorationListTexts> = {
  es: {
    parish: 'Parroquia Ortodoxa de Asturias',
    title: 'Pomelnic: nombres para recordar en la Divina Liturgia',
    living: 'Vivos',
    departed: 'Difuntos',
    printed: (date) => `Impreso el ${date}`,
    continued: (heading) => `${heading} (continuación)`,
    none: 'Ningún nombre.',
    locale: 'es-ES',
  },
  ro: {
    parish: 'Parohia Ortodoxă din Asturias',
    title: 'Pomelnic: nume de pomenit la Sfânta Liturghie',
    living: 'Vii',
    departed: 'Adormiți',
    printed: (date) => `Tipărit la ${date}`,
    continued: (heading) => `${heading} (continuare)`,
    none: 'Niciun nume.',
    locale: 'ro-RO',
  },
};

export interface CommemorationList {
  language: CertificateLanguage;
  living: readonly string[];
  departed: readonly string[];
  printedAt: number;
}

export async function renderCommemorationList(list: CommemorationList): Promise<Uint8Array> {
  const texts = COMMEMORATION_LIST_TEXTS[list.language];
  const doc = await PDFDocument.create();
  doc.setTitle(texts.title);
  doc.setLanguage(texts.locale);
  doc.setCreator(texts.parish);
  const fonts = await embedCertificateFonts(doc, list, texts);
  const width = A4.width - 2 * MARGIN;
  const columnWidth = (width - COLUMN_GAP * (COLUMNS - 1)) / COLUMNS;

  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const text = (value: string, font: PDFFont, size: number, color = INK) => {
    y -= size * 1.4;
    page.drawText(value, {
      x: MARGIN,
      y,
      size: fittingSize(value, font, size, 8, width),
      font,
      color,
    });
  };
  text(texts.parish, fonts.bold, 18, BURGUNDY);
  text(texts.title, fonts.regular, 13);
  text(texts.printed(certificateDate(list.printedAt, texts.locale)), fonts.regular, 10, MUTED);
  y -= 10;

  for (const [heading, names] of [
    [texts.living, list.living],
    [texts.departed, list.departed],
  ] as const) {
    // Each name as the lines it takes in a column: shrunk to fit down to 10 pt, then wrapped.
    const entries = names.map((name) => {
      const size = fittingSize(name, fonts.regular, NAME_SIZE, NAME_FLOOR, columnWidth);
      return { size, lines: wrapText(name, fonts.regular, size, columnWidth) };
    });
    const headingHeight = HEADING_SIZE * 1.4 + 8;
    const newPage = () => {
      page = doc.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    };
    if (y - headingHeight - NAME_SIZE * LEADING < MARGIN) newPage();
    let title = heading;
    let index = 0;
    do {
      text(title, fonts.bold, HEADING_SIZE, BURGUNDY);
      y -= 8;
      if (entries.length === 0) {
        text(texts.none, fonts.regular, 12, MUTED);
        break;
      }
      // Fill the columns of this page top to bottom, left to right.
      const top = y;
      let lowest = y;
      for (let column = 0; column < COLUMNS && index < entries.length; column += 1) {
        let columnY = top;
        const x = MARGIN + column * (columnWidth + COLUMN_GAP);
        while (index < entries.length) {
          const entry = entries[index]!;
          const height = entry.lines.length * entry.size * LEADING;
          if (columnY - height < MARGIN) break;
          for (const part of entry.lines) {
            columnY -= entry.size * LEADING;
            page.drawText(part, {
              x,
              y: columnY,
              size: entry.size,
              font: fonts.regular,
              color: INK,
            });
          }
          index += 1;
        }
        lowest = Math.min(lowest, columnY);
      }
      y = lowest - 14;
      if (index < entries.length) {
        newPage();
        title = texts.continued(heading);
      }
    } while (index < entries.length);
  }
  return doc.save();
}
