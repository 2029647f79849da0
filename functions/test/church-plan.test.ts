/**
 * The certificate's plan (src/pdf/church-plan.ts): the names of the church's parts in the
 * certificate's language, the web map's words; the parish's own plan image in place of the line
 * drawing when one is given.
 */
import { parsePlotCode } from '@parroquia/domain';
import { readFileSync } from 'node:fs';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { drawChurchPlan, planHeight, type ChurchPlanImage } from '../src/pdf/church-plan';
import { CHURCH_ZONE_NAMES } from '../src/pdf/church-plan-texts';
import { renderDonorCertificate } from '../src/pdf/donor-certificate';
import { embedCertificateFonts } from '../src/pdf/fonts';
import { pdfPageTexts } from './support/pdf-text';

const fixture = (name: string) =>
  new Uint8Array(
    readFileSync(new URL(`../../testkit/fixtures/church-plan/${name}`, import.meta.url)),
  );
const catalogue = (language: string) =>
  JSON.parse(
    readFileSync(new URL(`../../web/src/locales/${language}.json`, import.meta.url), 'utf8'),
  ) as { map: { zones: Record<string, string> } };

const certificate = {
  donorName: 'Begoña Núñez',
  personalCode: 'ANA7K3QZ',
  plots: ['L4', 'L20'].map(parsePlotCode),
  issuedAt: Date.UTC(2026, 10, 22, 12),
  verifyUrl: 'http://localhost:5000/verificar/ANA7K3QZ',
};

const BOX = { x: 20, top: 380, width: 190 };

/** A plan alone on a page, as the certificate draws it, with `marked` plots; the PDF's bytes. */
async function planOnly(image: ChurchPlanImage | null, marked = ['L20']): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 400]);
  const fonts = await embedCertificateFonts(doc);
  const height = await drawChurchPlan(
    page,
    BOX,
    marked.map(parsePlotCode),
    { language: 'es', font: fonts.regular },
    image,
  );
  expect(height).toBeCloseTo(planHeight(190), 6);
  return doc.save();
}

/** Where pdf.js finds a text on the page: its left end and width, in points. */
async function placeOf(bytes: Uint8Array, text: string): Promise<{ left: number; right: number }> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const content = await (await (await task.promise).getPage(1)).getTextContent();
    const item = content.items.find((entry) => 'str' in entry && entry.str === text);
    if (!item || !('str' in item)) throw new Error(`${text} is not on the page`);
    return { left: item.transform[4] as number, right: (item.transform[4] as number) + item.width };
  } finally {
    await task.destroy();
  }
}

/** The images the document carries, as their dictionaries say. */
async function imagesOf(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter(
      (object): object is PDFRawStream =>
        object instanceof PDFRawStream &&
        object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image') &&
        // A PNG's transparency travels as a second image, its mask.
        !object.dict.has(PDFName.of('SMask')),
    )
    .map((image) => ({
      width: image.dict.get(PDFName.of('Width'))?.toString(),
      height: image.dict.get(PDFName.of('Height'))?.toString(),
      filter: image.dict.get(PDFName.of('Filter'))?.toString(),
    }));
}

describe("the certificate's plan", () => {
  it('names the church’s parts in Spanish on a Spanish certificate', async () => {
    const [text] = await pdfPageTexts(
      await renderDonorCertificate({ ...certificate, language: 'es' }),
    );
    for (const name of ['ICONOSTASIO', 'NAVE', 'NÁRTEX', 'ENTRADA']) expect(text).toContain(name);
    expect(text).not.toContain('CATAPETEASMĂ');
  });

  it('names them in Romanian on a Romanian one, diacritics included', async () => {
    const [text] = await pdfPageTexts(
      await renderDonorCertificate({ ...certificate, language: 'ro' }),
    );
    for (const name of ['CATAPETEASMĂ', 'NAOS', 'PRONAOS', 'INTRARE']) expect(text).toContain(name);
    expect(text).not.toContain('ICONOSTASIO');
  });

  it("uses the web map's words for them, in both languages", () => {
    for (const language of ['es', 'ro'] as const) {
      expect(CHURCH_ZONE_NAMES[language]).toEqual(catalogue(language).map.zones);
    }
  });

  it('is drawn in lines, with no image, when the parish gave no plan of its own', async () => {
    expect(await imagesOf(await planOnly(null))).toEqual([]);
  });

  it("carries the parish's PNG or JPEG, at its full 1300 x 2100 px, when one is given", async () => {
    const png = await imagesOf(
      await planOnly({ format: 'png', bytes: fixture('plan-1300x2100.png') }),
    );
    expect(png).toEqual([{ width: '1300', height: '2100', filter: '/FlateDecode' }]);
    const jpeg = await imagesOf(
      await planOnly({ format: 'jpeg', bytes: fixture('plan-1300x2100.jpg') }),
    );
    expect(jpeg).toEqual([{ width: '1300', height: '2100', filter: '/DCTDecode' }]);
  });

  it("moves a zone's name aside along its line when the donor's plot is under it", async () => {
    const alone = await placeOf(await planOnly(null, []), 'ICONOSTASIO');
    // Centred on the axis (x = 642 map units), across L9 and M9 (the row below the screen).
    const axis = BOX.x + (642 / 1300) * BOX.width;
    expect((alone.left + alone.right) / 2).toBeCloseTo(axis, 0);
    const moved = await placeOf(await planOnly(null, ['L9', 'M9']), 'ICONOSTASIO');
    const plot = (53.5 / 1300) * BOX.width;
    const markedLeft = BOX.x + 11 * plot;
    const markedRight = BOX.x + 13 * plot;
    expect(moved.right <= markedLeft || moved.left >= markedRight).toBe(true);
  });
});
