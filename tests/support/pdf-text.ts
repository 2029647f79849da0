/** The text of each page of a PDF as pdf.js (what browsers show) reads it, one string per line. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfLines(bytes: ArrayBuffer | Uint8Array): Promise<string[][]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const pages: string[][] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(
        content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : [])),
      );
    }
    return pages;
  } finally {
    await pdf.cleanup();
  }
}
