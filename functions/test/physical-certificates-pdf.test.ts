import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { physicalCertificatesPdf } from '../src/pdf/physical-certificates';

/** Every page's drawing operators, decompressed, so the text drawn can be looked for. */
async function pageContents(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => pdf.context.lookup(ref))
        : [contents];
    return streams
      .map((stream) => {
        if (!(stream instanceof PDFRawStream)) throw new Error('unexpected page contents');
        const compressed = String(stream.dict.get(PDFName.of('Filter'))) === '/FlateDecode';
        return Buffer.from(compressed ? inflateSync(stream.contents) : stream.contents).toString(
          'latin1',
        );
      })
      .join('\n');
  });
}

/** pdf-lib writes standard-font text as hex of its WinAnsi bytes. */
const hexOf = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();

describe('physical certificates PDF', () => {
  it('has one A4 page per code, each with its own code printed and the Spanish texts', async () => {
    const bytes = await physicalCertificatesPdf(['ABCD2345', 'WXYZ6789']);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(pdf.getTitle()).toBe('Certificado de donación');
    const [first, second] = await pageContents(bytes);
    expect(first).toContain(hexOf('A B C D 2 3 4 5'));
    expect(first).not.toContain(hexOf('W X Y Z 6 7 8 9'));
    expect(second).toContain(hexOf('W X Y Z 6 7 8 9'));
    expect(first).toContain(hexOf('Certificado de donación'));
  });
});
