/** What a printed page must be, checked on its rendering (`renderPdf`). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { RenderedPage, TextRun } from './pdf-pages';

/** A rectangle in PDF points, y upwards. */
export interface Box {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/** The runs whose line box (advance, ascent to descent) reaches outside `border`. */
export function runsOutside(page: RenderedPage, border: Box): TextRun[] {
  return page.runs.filter(
    (run) =>
      run.left < border.left ||
      run.right > border.right ||
      run.bottom < border.bottom ||
      run.top > border.top,
  );
}

/**
 * The pairs of runs set into each other: their em squares (one size tall, from a quarter of it
 * below the baseline) overlap, as lines set tighter than solid or drawn over one another do.
 */
export function overlappingRuns(page: RenderedPage): [string, string][] {
  const em = (run: TextRun) => ({
    left: run.left,
    right: run.right,
    bottom: run.baseline - run.size / 4,
    top: run.baseline + (run.size * 3) / 4,
  });
  const pairs: [string, string][] = [];
  page.runs.forEach((first, i) => {
    const a = em(first);
    for (const second of page.runs.slice(i + 1)) {
      const b = em(second);
      const apart =
        a.right <= b.left || b.right <= a.left || a.top <= b.bottom || b.top <= a.bottom;
      if (!apart) pairs.push([first.text, second.text]);
    }
  });
  return pairs;
}

/** How many pixels outside `frame` (points) are not white: ink that left the border. */
export function inkOutside(page: RenderedPage, frame: Box): number {
  const scale = page.pixelWidth / page.width;
  const inside = (x: number, y: number) => {
    const pointX = (x + 0.5) / scale;
    const pointY = page.height - (y + 0.5) / scale;
    return (
      pointX >= frame.left && pointX <= frame.right && pointY >= frame.bottom && pointY <= frame.top
    );
  };
  let count = 0;
  for (let y = 0; y < page.pixelHeight; y += 1) {
    for (let x = 0; x < page.pixelWidth; x += 1) {
      if (inside(x, y)) continue;
      const at = (y * page.pixelWidth + x) * 4;
      const [r, g, b] = [page.pixels[at]!, page.pixels[at + 1]!, page.pixels[at + 2]!];
      if (r < 250 || g < 250 || b < 250) count += 1;
    }
  }
  return count;
}

/** The text of the QR code a phone would read on the page, or null when none reads. */
export function readQrCode(page: RenderedPage): string | null {
  return jsQR(page.pixels, page.pixelWidth, page.pixelHeight)?.data ?? null;
}

/** Every run's text, in drawing order, without white space: for looking for cut words. */
export const pageTextWithoutSpaces = (page: RenderedPage) =>
  page.runs
    .map((run) => run.text)
    .join('')
    .replace(/\s+/g, '');

/** Keeps the page as PNG in `CERTIFICATE_PNG_DIR` when set, to look at. */
export function keepPng(page: RenderedPage, name: string): void {
  const folder = process.env.CERTIFICATE_PNG_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${name}.png`), page.png());
}

/** How many pixels inside `box` (points) are not white: a glyph drawn there, or none. */
export function inkIn(page: RenderedPage, box: Box): number {
  const scale = page.pixelWidth / page.width;
  let count = 0;
  const rows = [page.height - box.top, page.height - box.bottom].map((y) => Math.round(y * scale));
  const columns = [box.left, box.right].map((x) => Math.round(x * scale));
  for (let y = Math.max(0, rows[0]!); y < Math.min(page.pixelHeight, rows[1]!); y += 1) {
    for (let x = Math.max(0, columns[0]!); x < Math.min(page.pixelWidth, columns[1]!); x += 1) {
      const at = (y * page.pixelWidth + x) * 4;
      if (page.pixels[at]! < 250 || page.pixels[at + 1]! < 250 || page.pixels[at + 2]! < 250) {
        count += 1;
      }
    }
  }
  return count;
}
