import { PDFDocument, type PDFFont } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { charactersMissingFrom, embedCertificateFonts } from '../src/pdf/fonts';
import { fittingSize, textWidth, wrapText } from '../src/pdf/text-layout';

let bold: PDFFont;
beforeAll(async () => {
  ({ bold } = await embedCertificateFonts(await PDFDocument.create()));
});

const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

/** Every line within `width` as pdf-lib measures it, and nothing lost but the spaces. */
function expectWrapped(text: string, size: number, width: number): void {
  const lines = wrapText(text, bold, size, width);
  for (const line of lines) expect(bold.widthOfTextAtSize(line, size)).toBeLessThanOrEqual(width);
  expect(withoutSpaces(lines.join(''))).toBe(withoutSpaces(text));
}

describe('wrapText', () => {
  it('packs words into lines, breaking between words only when they fit', () => {
    const lines = wrapText('Ana María Pop Ionescu', bold, 20, 130);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).toMatch(/^\S+( \S+)*$/);
    expect(lines.join(' ')).toBe('Ana María Pop Ionescu');
  });

  it('cuts a word longer than the line between letters, each piece as long as fits', () => {
    const name = 'W'.repeat(120);
    const lines = wrapText(name, bold, 18, 451);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('')).toBe(name);
    for (const line of lines) expect(textWidth(bold, line, 18)).toBeLessThanOrEqual(451);
    for (const line of lines.slice(0, -1))
      expect(textWidth(bold, `${line}W`, 18)).toBeGreaterThan(451);
  });

  it('never parts a letter from its combining accents, however many', () => {
    for (const letter of ['S\u0326', 'a\u0306', 'a\u0301\u0302\u0303\u0304\u0306\u0308']) {
      const word = letter.repeat(40);
      const lines = wrapText(word, bold, 30, 200);
      expect(lines.length).toBeGreaterThan(1);
      // Each line is whole letters, accents and all.
      for (const line of lines) expect(line.split(letter).join('')).toBe('');
      expect(lines.join('')).toBe(word);
    }
  });

  it('keeps a character wider than the line on a line of its own', () => {
    expect(wrapText('⸻⸻', bold, 30, 20)).toEqual(['⸻', '⸻']);
  });

  it('measures as pdf-lib does, at any size', () => {
    for (const [text, size] of [
      ['Ștefan Țăranu', 12.5],
      ['W39, X38, M10', 7.5],
    ] as const) {
      expect(textWidth(bold, text, size)).toBeCloseTo(bold.widthOfTextAtSize(text, size), 6);
      expectWrapped(text, size, 60);
    }
  });
});

describe('fittingSize', () => {
  it('shrinks in half points until the text fits, and no further than the floor', () => {
    const size = fittingSize('Begoña Núñez de la Fuente', bold, 30, 18, 300);
    expect(textWidth(bold, 'Begoña Núñez de la Fuente', size)).toBeLessThanOrEqual(300);
    expect(textWidth(bold, 'Begoña Núñez de la Fuente', size + 0.5)).toBeGreaterThan(300);
    expect(fittingSize('W'.repeat(120), bold, 30, 18, 300)).toBe(18);
  });
});

describe('charactersMissingFrom', () => {
  it('finds none in Spanish and Romanian names, both forms of ș and ț, and their accents', () => {
    expect(
      charactersMissingFrom(bold, 'Ștefan Țăranu şi Ţică Îngerașu, Begoña Núñez Güell'),
    ).toEqual([]);
    expect(charactersMissingFrom(bold, 'S\u0326a\u0306a\u0302i\u0302n\u0303')).toEqual([]);
  });

  it('names the characters the font lacks, and those its shaping cannot lay out', () => {
    expect(charactersMissingFrom(bold, 'Ana 漢字 漢')).toEqual(['漢', '字']);
    // Noto Sans has Devanagari glyphs, but fontkit throws laying them out.
    expect(charactersMissingFrom(bold, 'Ana नमस्ते')).toContain('न');
  });
});
