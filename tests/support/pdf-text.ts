/** The text of a PDF as a reader extracts it (Mozilla's pdf.js), all pages joined. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const pdf = await task.promise;
  try {
    const lines: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      for (const item of content.items) if ('str' in item && item.str) lines.push(item.str);
    }
    return lines.join('\n');
  } finally {
    await task.destroy();
  }
}
