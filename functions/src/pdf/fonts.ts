/**
 * The certificates' typeface: Noto Sans (from `@expo-google-fonts/noto-sans`, SIL Open Font
 * License), embedded in every PDF. It has every letter our donors' names use: Romanian ă â î
 * ș ț in both the comma-below and the older cedilla forms (ş ţ), Spanish ñ and accents, so a
 * name is printed exactly as typed. The build bundles the TTF bytes (esbuild `binary` loader),
 * so nothing is read from disk or fetched at run time.
 *
 * A document carries only the letters it can print (issue 40 item 5): whole, the two weights
 * weighed about 630 kB in every receipt. HarfBuzz's subsetter (`subset-font`, the one Google
 * Fonts and fontTools' peers use) cuts each weight to the common Latin letters and signs plus
 * every character of what the document is given to print; pdf-lib's own subsetting cannot be
 * used: it loses most glyph outlines of Noto Sans (text still extracts, but prints blank).
 */
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import subsetFont from 'subset-font';
import notoSansBold from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf';
import notoSansRegular from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf';

export interface CertificateFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Code point ranges every document keeps: Spanish, Romanian and other Latin letters, signs. */
const COMMON_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0x17f], // Latin-1 and Latin Extended-A: ñ á ü ç, ă â î, ş ţ...
  [0x218, 0x21b], // Ș ș Ț ț (comma below)
  [0x300, 0x36f], // combining accents, for letters typed as letter + accent
  [0x2000, 0x206f], // spaces (Intl's narrow no-break space), dashes, quotes, bullet, ellipsis
  [0x20ac, 0x20ac], // €
  [0x2116, 0x2116], // №
];

const COMMON_CHARACTERS = new Set(
  COMMON_RANGES.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)),
  ),
);

/**
 * Only the glyphs the characters map to: the ligatures layout would reach (fi, fl) are left out,
 * so every glyph drawn keeps its own character and the text copies and searches as written.
 */
const SUBSETTING = { targetFormat: 'truetype', noLayoutClosure: true } as const;

/** The subsets made so far, by the characters beyond the common ones (most documents: none). */
const subsets = new Map<string, Promise<[Uint8Array, Uint8Array]>>();
const REMEMBERED_SUBSETS = 64;

/**
 * Both weights, embedded with the glyphs for the common characters and for every character in
 * `printed`: each string as it is, anything else as its JSON (a document's facts, its texts).
 * Whatever a document draws must come from `printed` or the common set; a letter outside both
 * would print as a blank box, and the documents' tests render every line to check it does not.
 */
export async function embedCertificateFonts(
  doc: PDFDocument,
  ...printed: unknown[]
): Promise<CertificateFonts> {
  doc.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await subsetsFor(printed);
  const [regular, bold] = await Promise.all([
    doc.embedFont(regularBytes, { subset: false }),
    doc.embedFont(boldBytes, { subset: false }),
  ]);
  return { regular, bold };
}

function subsetsFor(printed: unknown[]): Promise<[Uint8Array, Uint8Array]> {
  const extra = new Set<string>();
  for (const value of printed) {
    for (const character of typeof value === 'string' ? value : (JSON.stringify(value) ?? '')) {
      if (!COMMON_CHARACTERS.has(character)) extra.add(character);
    }
  }
  const key = [...extra].sort().join('');
  let made = subsets.get(key);
  if (!made) {
    const characters = [...COMMON_CHARACTERS].join('') + key;
    made = Promise.all([
      subsetFont(Buffer.from(notoSansRegular), characters, SUBSETTING),
      subsetFont(Buffer.from(notoSansBold), characters, SUBSETTING),
    ]).then(([regular, bold]) => [new Uint8Array(regular), new Uint8Array(bold)]);
    made.catch(() => subsets.delete(key));
    if (subsets.size >= REMEMBERED_SUBSETS) subsets.delete(subsets.keys().next().value!);
    subsets.set(key, made);
  }
  return made;
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
