/** QR codes drawn as vector squares (crisp at any zoom, no image to embed). */
import QRCode from 'qrcode';
import { rgb, type PDFPage } from 'pdf-lib';

export interface QrBox {
  x: number;
  /** Bottom edge, in PDF points. */
  y: number;
  /** Side of the square, quiet zone included. */
  size: number;
}

/** The four-module quiet zone the standard asks for, so phones read it on any background. */
const QUIET_ZONE_MODULES = 4;

export function drawQrCode(page: PDFPage, text: string, box: QrBox): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size + 2 * QUIET_ZONE_MODULES;
  const module = box.size / count;
  page.drawRectangle({
    x: box.x,
    y: box.y,
    width: box.size,
    height: box.size,
    color: rgb(1, 1, 1),
  });
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      page.drawRectangle({
        x: box.x + (column + QUIET_ZONE_MODULES) * module,
        y: box.y + box.size - (row + QUIET_ZONE_MODULES + 1) * module,
        width: module,
        height: module,
        color: rgb(0, 0, 0),
      });
    }
  }
}
