/**
 * A document's pages, drawn top-down: text, wrapped paragraphs and rules, a new A4 page whenever
 * the next block does not fit (the receipts and statements, "My data").
 */
import { rgb, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { CertificateFonts } from './fonts';
import { A4, INK, PAGE_MARGIN as MARGIN } from './page-style';
import { wrapText } from './text-layout';

export const GOLD = rgb(0.72, 0.54, 0.17);
/** The body's size, in points, and its line height as a multiple of it. */
export const BODY = 10;
export const LEADING = 1.45;

export class Pages {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: CertificateFonts,
  ) {
    this.page = this.add();
    this.y = A4.height - MARGIN;
  }
  private add() {
    return this.doc.addPage([A4.width, A4.height]);
  }
  /** Room for `height` more points, or a new page. */
  need(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.add();
    this.y = A4.height - MARGIN;
  }
  text(
    text: string,
    x: number,
    options: { size?: number; bold?: boolean; colour?: typeof INK } = {},
  ) {
    const size = options.size ?? BODY;
    this.page.drawText(text, {
      x,
      y: this.y - size,
      size,
      font: options.bold ? this.fonts.bold : this.fonts.regular,
      color: options.colour ?? INK,
    });
  }
  /** A paragraph wrapped to the text's width. */
  paragraph(text: string, options: { size?: number; bold?: boolean; colour?: typeof INK } = {}) {
    const size = options.size ?? BODY;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    for (const line of wrapText(text, font, size, A4.width - 2 * MARGIN)) {
      this.need(size * LEADING);
      this.text(line, MARGIN, options);
      this.y -= size * LEADING;
    }
  }
  rule(colour = GOLD, thickness = 0.8) {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4.width - MARGIN, y: this.y },
      thickness,
      color: colour,
    });
  }
}
