/**
 * The certificates' typeface: Noto Sans (from `@expo-google-fonts/noto-sans`, SIL Open Font
 * License), embedded in every PDF. It has every letter our donors' names use: Romanian ă â î
 * ș ț in both the comma-below and the older cedilla forms (ş ţ), Spanish ñ and accents, so a
 * name is printed exactly as typed. The build bundles the TTF bytes (esbuild `binary` loader),
 * so nothing is read from disk or fetched at run time.
 */
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import notoSansBold from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf';
import notoSansRegular from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf';

export interface CertificateFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * Embeds both weights whole. pdf-lib's subsetting loses most glyph outlines of Noto Sans: the
 * text would still extract (so text tests pass) but print as blanks. Whole fonts cost about
 * 300 kB each, compressed.
 */
export async function embedCertificateFonts(doc: PDFDocument): Promise<CertificateFonts> {
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(notoSansRegular, { subset: false }),
    doc.embedFont(notoSansBold, { subset: false }),
  ]);
  return { regular, bold };
}

/**
 * The characters of `text` the font cannot draw (none for any Latin-script name): those it has no
 * glyph for, and those its shaping cannot lay out (fontkit throws on Noto Sans's Devanagari).
 * Callers refuse such text rather than print blank boxes or replace characters.
 */
export function charactersMissingFrom(font: PDFFont, text: string): string[] {
  const characters = new Set(font.getCharacterSet());
  const missing = new Set<string>();
  for (const character of text) {
    if (/\s/.test(character) || missing.has(character)) continue;
    if (!characters.has(character.codePointAt(0)!) || !laysOut(font, character)) {
      missing.add(character);
    }
  }
  return [...missing];
}

function laysOut(font: PDFFont, character: string): boolean {
  try {
    font.widthOfTextAtSize(character, 1);
    return true;
  } catch {
    return false;
  }
}
