/** Laying text out on a PDF page: pdf-lib draws single lines only. */
import type { PDFFont } from 'pdf-lib';

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * Widths at 1 pt, remembered per font: shaping a run is slow (fontkit), and a long list is
 * measured again at each size tried. Widths grow in proportion to the size (pdf-lib adds up the
 * glyphs' advances, no kerning), and a line's width is its words' plus its spaces'.
 */
const widthsByFont = new WeakMap<PDFFont, Map<string, number>>();

/** `text`'s width at `size`, as `font.widthOfTextAtSize` answers it. */
export const textWidth = (font: PDFFont, text: string, size: number) =>
  widthAtOnePoint(font, text) * size;

function widthAtOnePoint(font: PDFFont, text: string): number {
  let widths = widthsByFont.get(font);
  if (!widths) widthsByFont.set(font, (widths = new Map()));
  let width = widths.get(text);
  if (width === undefined) widths.set(text, (width = font.widthOfTextAtSize(text, 1)));
  return width;
}

/**
 * Words (and list items) packed into lines no wider than `maxWidth`. A word wider than a line
 * (a name typed without spaces, a long address) is cut between characters, never inside one: a
 * letter keeps its combining accents.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const room = maxWidth / size;
  const space = widthAtOnePoint(font, ' ');
  const fits = (part: string) => widthAtOnePoint(font, part) <= room;
  const lines: string[] = [];
  let line: string[] = [];
  let lineWidth = 0;
  for (const word of text.split(/\s+/).filter((part) => part !== '')) {
    const width = widthAtOnePoint(font, word);
    if (line.length > 0 && lineWidth + space + width <= room) {
      line.push(word);
      lineWidth += space + width;
      continue;
    }
    if (line.length > 0) lines.push(line.join(' '));
    const pieces = width <= room ? [word] : cutWord(word, fits);
    lines.push(...pieces.slice(0, -1));
    const last = pieces[pieces.length - 1]!;
    line = [last];
    lineWidth = widthAtOnePoint(font, last);
  }
  if (line.length > 0) lines.push(line.join(' '));
  return lines;
}

/** `word` in pieces that each fit (one character at least, however wide), longest first. */
function cutWord(word: string, fits: (text: string) => boolean): string[] {
  const characters = Array.from(graphemes.segment(word), (part) => part.segment);
  const pieces: string[] = [];
  let start = 0;
  while (start < characters.length) {
    // The longest run from `start` that fits, found by halving: widths grow with the run.
    let low = start + 1;
    let high = characters.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (fits(characters.slice(start, middle).join(''))) low = middle;
      else high = middle - 1;
    }
    pieces.push(characters.slice(start, low).join(''));
    start = low;
  }
  return pieces;
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
  while (fitted > minSize && textWidth(font, text, fitted) > maxWidth) fitted -= 0.5;
  return fitted;
}
