/**
 * The priest's list (pomelnic) as printed: the living then the departed, first names only, in two
 * columns, every name printed once, every line inside the margins and clear of the others, on as
 * many pages as the names need (each continued heading said so). `CERTIFICATE_PNG_DIR=<folder>`
 * keeps the pages as PNG.
 */
import { COMMEMORATION_NAME_MAX_LENGTH } from '@parroquia/domain';
import { describe, expect, it } from 'vitest';
import { renderCommemorationList } from '../src/pdf/commemoration-list';
import { keepPng, overlappingRuns, runsOutside } from './support/page-checks';
import { renderPdf } from './support/pdf-pages';

const A4 = { width: 595.28, height: 841.89 };
const MARGINS = { left: 50, bottom: 50, right: A4.width - 50, top: A4.height - 50 };
const PRINTED = Date.UTC(2026, 10, 27, 10);

const FIRST_NAMES = ['Ioan', 'Maria', 'Gheorghe', 'Elena', 'Vasile', 'Paraschiva', 'Nectarie'];

async function printed(living: string[], departed: string[], language: 'es' | 'ro', png: string) {
  const pages = await renderPdf(
    await renderCommemorationList({ language, living, departed, printedAt: PRINTED }),
    1.5,
  );
  pages.forEach((page, i) => keepPng(page, `${png}-${i + 1}`));
  for (const page of pages) {
    expect(runsOutside(page, MARGINS)).toEqual([]);
    expect(overlappingRuns(page)).toEqual([]);
  }
  return pages.map((page) => page.runs.map((run) => run.text));
}

describe("the priest's list", () => {
  it('a short list: one page, the living under their heading, then the departed', async () => {
    const [lines] = (await printed(['Ioan', 'Maria'], ['Gheorghe'], 'ro', 'pomelnic-short')) as [
      string[],
    ];
    expect(lines.slice(0, 3)).toEqual([
      'Parohia Ortodoxă din Asturias',
      'Pomelnic: nume de pomenit la Sfânta Liturghie',
      'Tipărit la 27 noiembrie 2026',
    ]);
    expect(lines.slice(3)).toEqual(['Vii', 'Ioan', 'Maria', 'Adormiți', 'Gheorghe']);
  });

  it('says when a group has no names', async () => {
    const [lines] = (await printed(['Ioan'], [], 'es', 'pomelnic-no-departed')) as [string[]];
    expect(lines.slice(3)).toEqual(['Vivos', 'Ioan', 'Difuntos', 'Ningún nombre.']);
  });

  it('hundreds of names, some as long and wide as a name may be: every one printed, on more pages', async () => {
    const widest = 'W'.repeat(COMMEMORATION_NAME_MAX_LENGTH);
    const living = Array.from({ length: 300 }, (_, i) =>
      i % 50 === 0 ? widest : `${FIRST_NAMES[i % FIRST_NAMES.length]} ${i}`,
    );
    const departed = Array.from({ length: 120 }, (_, i) => `${FIRST_NAMES[i % 7]} ${1000 + i}`);
    const pages = await printed(living, departed, 'es', 'pomelnic-long');
    expect(pages.length).toBeGreaterThan(2);
    const text = pages.flat().join('\n');
    for (const name of [...living, ...departed].filter((name) => name !== widest)) {
      expect(pages.flat(), name).toContain(name);
    }
    // The widest names wrap within their column rather than run into the next.
    expect(text.replace(/\n/g, '')).toContain(widest);
    expect(pages[1]![0]).toBe('Vivos (continuación)');
    expect(pages.flat()).toContain('Difuntos');
  });
});
