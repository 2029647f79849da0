import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { charactersMissingFrom, embedCertificateFonts } from '../src/pdf/fonts';
import { inkIn } from './support/page-checks';
import { renderPdf } from './support/pdf-pages';

/** Every letter and sign the documents print in Spanish and Romanian, and a few beyond them. */
const COMMON = 'AaÁáÉéÍíÓóÚúÜüÑñ¿?¡!ĂăÂâÎîȘșȚțŞşŢţ0123456789€.,;:-–—«»“”‘’…/()%@#&*+=№';
const GIVEN = 'Ярослав Οδυσσέας Łukasz Đorđe';

/** Each character drawn on its own, far from the others, and how much ink its box has. */
async function inkPerCharacter(printed: string, drawn: string) {
  const doc = await PDFDocument.create();
  const { regular, bold } = await embedCertificateFonts(doc, printed);
  const characters = [...drawn].filter((character) => character !== ' ');
  const page = doc.addPage([600, 40 + 30 * Math.ceil(characters.length / 10)]);
  const boxes = characters.flatMap((character, i) =>
    [regular, bold].map((font, weight) => {
      const left = 20 + (i % 10) * 55 + weight * 25;
      const baseline = page.getHeight() - 30 - 30 * Math.floor(i / 10);
      page.drawText(character, { x: left, y: baseline, size: 16, font });
      return {
        character,
        box: { left, right: left + 20, bottom: baseline - 6, top: baseline + 18 },
      };
    }),
  );
  const [rendered] = await renderPdf(await doc.save(), 3);
  return {
    bytes: (await doc.save()).length,
    boxes: boxes.map((b) => ({ ...b, ink: inkIn(rendered!, b.box) })),
  };
}

describe('the documents’ fonts, cut to what each document prints', () => {
  it('draw every common letter and sign, in both weights, with ink (no blank glyph)', async () => {
    const { boxes } = await inkPerCharacter('', COMMON);
    expect(boxes.filter(({ ink }) => ink < 20).map(({ character }) => character)).toEqual([]);
  });

  it('draw the letters of what the document is given beyond them (Cyrillic, Greek, Polish, Serbian)', async () => {
    const { boxes } = await inkPerCharacter(JSON.stringify({ donorName: GIVEN }), GIVEN);
    expect(boxes.filter(({ ink }) => ink < 20).map(({ character }) => character)).toEqual([]);
  });

  it('weigh a small part of the whole fonts (about 630 kB)', async () => {
    const { bytes } = await inkPerCharacter('', 'Aa');
    expect(bytes).toBeLessThan(120_000);
  });

  it('still name what the typeface has no glyph for, whatever was given', async () => {
    const { bold } = await embedCertificateFonts(await PDFDocument.create(), 'Ana 李 😀');
    expect(charactersMissingFrom(bold, 'Ana 李 😀')).toEqual(['李', '😀']);
  });
});
