/**
 * A PDF as a reader gets it, page by page, through Mozilla's pdf.js (what browsers show): each
 * line of text with its box in PDF points, and the page drawn to pixels (@napi-rs/canvas, a
 * prebuilt binary from the registry: nothing to install from apt).
 */
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A run of text as drawn; y grows upwards, as in the PDF. */
export interface TextRun {
  text: string;
  size: number;
  /** The run's advance, its baseline, and its font's ascent and descent (the whole line's box). */
  left: number;
  right: number;
  baseline: number;
  bottom: number;
  top: number;
}

export interface RenderedPage {
  width: number;
  height: number;
  runs: TextRun[];
  /** Drawn at `scale` pixels per point: RGBA, row by row from the top. */
  pixels: Uint8ClampedArray;
  pixelWidth: number;
  pixelHeight: number;
  png: () => Buffer;
}

export async function renderPdf(bytes: Uint8Array, scale: number): Promise<RenderedPage[]> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const pdf = await task.promise;
  try {
    const pages: RenderedPage[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const [, , width, height] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const runs: TextRun[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [, , , size, left, baseline] = item.transform as number[];
        const style = content.styles[item.fontName]!;
        runs.push({
          text: item.str,
          size: size!,
          left: left!,
          right: left! + item.width,
          baseline: baseline!,
          bottom: baseline! + style.descent * size!,
          top: baseline! + style.ascent * size!,
        });
      }
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      await page.render({
        // pdf.js types name the DOM's canvas; @napi-rs/canvas draws the same 2D context API.
        canvas: canvas as never,
        canvasContext: context as never,
        viewport,
      }).promise;
      pages.push({
        width,
        height,
        runs,
        pixels: context.getImageData(0, 0, canvas.width, canvas.height).data,
        pixelWidth: canvas.width,
        pixelHeight: canvas.height,
        png: () => canvas.toBuffer('image/png'),
      });
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
