/** The text of a PDF as a reader extracts it (Mozilla's pdf.js), one string per page. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter(Boolean)
          .join('\n'),
      );
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** Each page's text runs, one per line, as pdf.js reads them (blank runs left out). */
export async function pdfPageLines(bytes: Uint8Array | ArrayBuffer): Promise<string[][]> {
  return (await pdfPageTexts(new Uint8Array(bytes))).map((text) =>
    text.split('\n').filter((line) => line.trim() !== ''),
  );
}
