/**
 * Certificates for the hardest names the site accepts, with 100 plots (issue 29): the longest
 * name, unbroken, of the widest Latin capital and of the widest character the font has;
 * Romanian with decomposed and stacked accents; invisible characters mixed into a Spanish name.
 * Each is drawn by pdf.js and must be one page, every line of text inside the border and clear
 * of the others, nothing drawn outside the border, the whole name and every plot printed, and the
 * QR code still read by a QR reader. `CERTIFICATE_PNG_DIR=<folder>` keeps the pages as PNG.
 */
import {
  checkDonorName,
  COMMEMORATION_NAME_MAX_LENGTH,
  MAX_COMMEMORATION_NAMES,
  validateCommemorations,
  type CommemorationName,
  DONOR_NAME_MAX_LENGTH,
  layoutPlots,
  MAX_PLOTS_PER_REQUEST,
  visibleText,
  type Plot,
} from '@parroquia/domain';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderDonorCertificate } from '../src/pdf/donor-certificate';
import { filledCertificatePdf, plotsLine } from '../src/pdf/filled-certificate';
import { embedCertificateFonts } from '../src/pdf/fonts';
import {
  inkOutside,
  keepPng,
  overlappingRuns,
  pageTextWithoutSpaces,
  readQrCode,
  runsOutside,
  type Box,
} from './support/page-checks';
import { renderPdf, type RenderedPage } from './support/pdf-pages';

const A4 = { width: 595.28, height: 841.89 };
const inset = (by: number): Box => ({
  left: by,
  bottom: by,
  right: A4.width - by,
  top: A4.height - by,
});
/** Pixels per point: enough for the QR reader. */
const SCALE = 2;

/** `unit` over and over, to the longest a name may be. */
const longest = (unit: string) =>
  unit.repeat(Math.ceil(DONOR_NAME_MAX_LENGTH / unit.length)).slice(0, DONOR_NAME_MAX_LENGTH);

/** Names the name rule accepts (checked below), each as long as it lets a name be. */
const HOSTILE_NAMES = {
  'the widest Latin capital, unbroken': longest('W'),
  'the widest character of the font, unbroken': longest('⸻'),
  'Romanian letters decomposed, unbroken': longest('S\u0326T\u0326A\u0306A\u0302I\u0302'),
  'stacked combining marks': longest('a\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u030A\u030B'),
  'Spanish words with invisible characters inside': longest(
    'María\u200B del\u00A0Carmen\u2060 Fernández\u200D de\u3000la Torre y ',
  ),
  'one short word and one long': `Ana ${'Ș'.repeat(DONOR_NAME_MAX_LENGTH - 4)}`,
} as const;

const ISSUED = Date.UTC(2026, 10, 22, 10);
const VERIFY_URL = 'https://donativos.parroquia-ortodoxa-asturias.es/verificar/ANA7K3QZ';

/** The plots whose codes are widest in the certificate's type: the longest list of 100. */
let widestPlots: Plot[];

beforeAll(async () => {
  const { regular } = await embedCertificateFonts(await PDFDocument.create());
  widestPlots = layoutPlots()
    .map((plot) => ({ plot, width: regular.widthOfTextAtSize(plot.code, 1) }))
    .sort((a, b) => b.width - a.width)
    .slice(0, 100)
    .map(({ plot }) => plot);
});

/** One page, text inside `border` and apart, no ink past `frame`; answers the page. */
async function expectOnePageInside(
  bytes: Uint8Array,
  border: Box,
  frame: Box,
  png: string,
): Promise<RenderedPage> {
  const pages = await renderPdf(bytes, SCALE);
  pages.forEach((page, i) => keepPng(page, `${png}-${i + 1}`));
  expect(pages).toHaveLength(1);
  const [page] = pages as [RenderedPage];
  expect(runsOutside(page, border)).toEqual([]);
  expect(overlappingRuns(page)).toEqual([]);
  expect(inkOutside(page, frame)).toBe(0);
  return page;
}

describe.each(Object.entries(HOSTILE_NAMES))('a certificate for %s', (label, name) => {
  const file = label.replace(/\W+/g, '-');

  it('is a name the site accepts as it is, as long as a name may be', () => {
    expect(checkDonorName(name, 'es')).toEqual({ ok: true, name });
    expect(name).toHaveLength(DONOR_NAME_MAX_LENGTH);
  });

  it.each(['es', 'ro'] as const)(
    'with 100 plots, in %s: one page, the whole name and list inside the border, a readable QR code',
    async (language) => {
      const bytes = await renderDonorCertificate({
        language,
        donorName: name,
        personalCode: 'ANA7K3QZ',
        plots: widestPlots,
        issuedAt: ISSUED,
        verifyUrl: VERIFY_URL,
      });
      // Inside the inner (burgundy) rule; nothing past the outer (gold) hairline.
      const page = await expectOnePageInside(bytes, inset(29.1), inset(21), `${file}-${language}`);
      const text = pageTextWithoutSpaces(page);
      expect(text).toContain(visibleText(name).replace(/\s+/g, ''));
      const printed = new Set(page.runs.flatMap((run) => run.text.split(/[\s,]+/)));
      expect(widestPlots.filter((plot) => !printed.has(plot.code))).toEqual([]);
      expect(readQrCode(page)).toBe(VERIFY_URL);
    },
  );

  it('filled in by staff with the most plots a registration holds, and with 100: one page', async () => {
    for (const count of [MAX_PLOTS_PER_REQUEST, 100]) {
      const certificate = {
        code: 'ABCD2345',
        donorName: name,
        plots: widestPlots.slice(0, count).map((plot) => plot.code),
        reserve: true,
        registeredAt: ISSUED,
      };
      const bytes = await filledCertificatePdf(certificate);
      // Inside the gold border (3 pt wide at 24 pt from the edge), nothing drawn past it.
      const page = await expectOnePageInside(
        bytes,
        inset(25.5),
        inset(22),
        `${file}-filled-${count}`,
      );
      const text = pageTextWithoutSpaces(page);
      expect(text).toContain(visibleText(name).replace(/\s+/g, ''));
      expect(text).toContain(plotsLine(certificate).replace(/\s+/g, ''));
    }
  });
});

/**
 * The most names to be remembered a donor may give, each as long and wide as the rule lets it
 * be, half of them living and half departed, printed because the donor chose so (issue 30).
 */
const widestRemembered = (unit: string): CommemorationName[] =>
  Array.from({ length: MAX_COMMEMORATION_NAMES }, (_, i) => ({
    name: unit.repeat(COMMEMORATION_NAME_MAX_LENGTH).slice(0, COMMEMORATION_NAME_MAX_LENGTH),
    state: i % 2 === 0 ? 'living' : 'departed',
  }));
const REMEMBERED = {
  'unbroken W': widestRemembered('W'),
  'unbroken widest character': widestRemembered('⸻'),
  'Romanian words': Array.from({ length: MAX_COMMEMORATION_NAMES }, (_, i) => ({
    name: `Arhimandritul Ștefan ${String(i).padStart(2, '0')} Bartolomeu`.slice(
      0,
      COMMEMORATION_NAME_MAX_LENGTH,
    ),
    state: i < 12 ? 'living' : 'departed',
  })) as CommemorationName[],
};

describe.each(Object.entries(REMEMBERED))('with 20 names to remember (%s)', (label, names) => {
  const file = `remembered-${label.replace(/\W+/g, '-')}`;

  it('are names the site accepts, as many and as long as it lets them be', () => {
    expect(validateCommemorations({ names, on_certificate: true }).ok).toBe(true);
  });

  it.each(['es', 'ro'] as const)(
    'and the longest widest name with 100 plots, in %s: one page, names, plots and QR code',
    async (language) => {
      const name = HOSTILE_NAMES['the widest Latin capital, unbroken'];
      const bytes = await renderDonorCertificate({
        language,
        donorName: name,
        personalCode: 'ANA7K3QZ',
        plots: widestPlots,
        issuedAt: ISSUED,
        verifyUrl: VERIFY_URL,
        commemorations: names,
      });
      const page = await expectOnePageInside(bytes, inset(29.1), inset(21), `${file}-${language}`);
      const text = pageTextWithoutSpaces(page);
      expect(text).toContain(name);
      for (const entry of names)
        expect(text).toContain(visibleText(entry.name).replace(/\s+/g, ''));
      expect(text).toContain(language === 'es' ? 'Vivos:' : 'Vii:');
      expect(text).toContain(language === 'es' ? 'Difuntos:' : 'Adormiți:');
      const printed = new Set(page.runs.flatMap((run) => run.text.split(/[\s,]+/)));
      expect(widestPlots.filter((plot) => !printed.has(plot.code))).toEqual([]);
      expect(readQrCode(page)).toBe(VERIFY_URL);
    },
  );
});

describe('a certificate of every plot of the church', () => {
  it('lists them all, inside the border of each page, the foot on the last', async () => {
    const every = layoutPlots();
    const bytes = await renderDonorCertificate({
      language: 'ro',
      donorName: HOSTILE_NAMES['the widest Latin capital, unbroken'],
      personalCode: 'ANA7K3QZ',
      plots: every,
      issuedAt: ISSUED,
      verifyUrl: VERIFY_URL,
    });
    const pages = await renderPdf(bytes, SCALE);
    pages.forEach((page, i) => keepPng(page, `every-plot-${i + 1}`));
    for (const page of pages) {
      expect(runsOutside(page, inset(29.1))).toEqual([]);
      expect(overlappingRuns(page)).toEqual([]);
    }
    const printed = new Set(
      pages.flatMap((page) => page.runs.flatMap((run) => run.text.split(/[\s,]+/))),
    );
    expect(every.filter((plot) => !printed.has(plot.code))).toEqual([]);
    expect(readQrCode(pages[pages.length - 1]!)).toBe(VERIFY_URL);
  });
});
