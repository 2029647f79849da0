/** Laying text out on a PDF page: pdf-lib draws single lines only. */
import type { PDFFont } from 'pdf-lib';

/** Words (and list items) packed into lines no wider than `maxWidth`. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((part) => part !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** `text` shrunk from `size` down to `minSize` until it fits `maxWidth` (long names). */
export function fittingSize(
  text: string,
  font: PDFFont,
  size: number,
  minSize: number,
  maxWidth: number,
): number {
  let fitted = size;
  while (fitted > minSize && font.widthOfTextAtSize(text, fitted) > maxWidth) fitted -= 0.5;
  return fitted;
}
