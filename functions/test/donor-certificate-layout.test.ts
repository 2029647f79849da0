import { layoutPlotCodes } from '@parroquia/domain';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { planHeight } from '../src/pdf/church-plan';
import {
  LIST_LEADING,
  NAME_LEADING,
  layOutMiddle,
  type MiddleLayout,
} from '../src/pdf/donor-certificate-layout';
import { embedCertificateFonts } from '../src/pdf/fonts';

let fonts: { regular: PDFFont; bold: PDFFont };
beforeAll(async () => {
  fonts = await embedCertificateFonts(await PDFDocument.create());
});

/** As on the page: what is left between the heading and a foot with the plan that wide. */
const roomFor = (planWidth: number) => 460 - planHeight(planWidth);
const WIDTH = 451;

const layOut = (name: string, plots: number) =>
  layOutMiddle({
    name,
    plotList: layoutPlotCodes().slice(-plots).join(', '),
    ...fonts,
    width: WIDTH,
    roomFor,
  });

const used = (layout: MiddleLayout) =>
  layout.name.lines.length * layout.name.size * NAME_LEADING +
  layout.plots.lines.length * layout.plots.size * LIST_LEADING;

describe('the donor certificate layout', () => {
  it('gives a short name with a few plots the roomiest scale', () => {
    expect(layOut('Begoña Núñez', 3)).toMatchObject({
      name: { size: 30, lines: ['Begoña Núñez'] },
      plots: { size: 11, lines: ['X37, X38, X39'] },
      planWidth: 190,
      fitsOnePage: true,
    });
  });

  it('shrinks a long name to stay on one line, down to 18 pt, then wraps it at 18 pt', () => {
    const long = layOut('María del Carmen Fernández de la Torre', 1);
    expect(long.name.lines).toHaveLength(1);
    expect(long.name.size).toBeLessThan(30);
    expect(long.name.size).toBeGreaterThanOrEqual(18);
    const unbroken = layOut('W'.repeat(120), 1);
    expect(unbroken.name.size).toBe(18);
    expect(unbroken.name.lines.length).toBeGreaterThan(3);
    expect(unbroken).toMatchObject({ plots: { size: 11 }, planWidth: 190 });
  });

  it('shrinks the list and the plan before the name goes below 18 pt', () => {
    const crowded = layOut('W'.repeat(120), 100);
    expect(crowded.name.size).toBe(18);
    expect(crowded.plots.size).toBeLessThan(11);
    expect(crowded.planWidth).toBeLessThan(190);
  });

  it('never takes more room than there is, for any number of plots that fits', () => {
    for (const name of ['Ana', 'W'.repeat(120), '⸻'.repeat(120)]) {
      for (const plots of [1, 10, 50, 100, 200]) {
        const layout = layOut(name, plots);
        expect(layout.fitsOnePage, `${name.slice(0, 3)} ${plots}`).toBe(true);
        expect(used(layout)).toBeLessThanOrEqual(roomFor(layout.planWidth));
      }
    }
  });

  it('past what a page holds, lets the list run on in small type and keeps the name large', () => {
    const every = layOut('Ana Pop', 936);
    expect(every).toMatchObject({ name: { size: 30 }, fitsOnePage: false, planWidth: 190 });
    expect(every.plots.lines.join(', ').split(', ')).toHaveLength(936);
  });
});
