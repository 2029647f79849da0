/**
 * A QR code as one SVG path of its dark modules, in module units (the `qrcode` package encodes;
 * nothing is fetched): drawn by the browser at any size, crisp on a television.
 */
import { create } from 'qrcode';

export interface QrDrawing {
  /** Modules a side, without the quiet zone. */
  size: number;
  /** `M x y h1 v1 h-1 z` for each dark module. */
  path: string;
}

export function qrDrawing(text: string): QrDrawing {
  // Medium correction: a projector's glare or a screen's reflection may hide a corner.
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const squares: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) squares.push(`M${column} ${row}h1v1h-1z`);
    }
  }
  return { size: modules.size, path: squares.join('') };
}
