/**
 * "My data" as a PDF to read (GDPR art. 12; docs/product.md, "Your data"): the title, the parish,
 * what the document is, then each section of `myDataDocument` in the donor's language, page after
 * page as long as it takes; the JSON beside it keeps every field.
 */
import { visibleText, type AccountDataExport, type Language } from '@parroquia/domain';
import { PDFDocument } from 'pdf-lib';
import { embedCertificateFonts } from './fonts';
import { myDataDocument } from './my-data-texts';
import { BURGUNDY, MUTED } from './page-style';
import { Pages } from './pages';

export async function renderMyDataDocument(
  data: AccountDataExport,
  language: Language,
): Promise<Uint8Array> {
  const words = myDataDocument(data, language);
  const doc = await PDFDocument.create();
  doc.setTitle(words.title);
  doc.setLanguage(words.locale);
  doc.setCreator(words.parish);
  // A name is drawn as a reader sees it (invisible characters out), as on every document.
  const sections = words.sections.map((section) => ({
    ...section,
    lines: section.lines.map(visibleText),
  }));
  const fonts = await embedCertificateFonts(doc, words, sections);
  const pages = new Pages(doc, fonts);
  pages.paragraph(words.parish, { size: 11, bold: true, colour: BURGUNDY });
  pages.y -= 10;
  pages.paragraph(words.title, { size: 20, bold: true });
  pages.y -= 4;
  pages.paragraph(words.intro, { colour: MUTED });
  for (const section of sections) {
    pages.y -= 14;
    pages.need(40);
    pages.paragraph(section.heading, { size: 13, bold: true, colour: BURGUNDY });
    pages.y -= 2;
    for (const line of section.lines) pages.paragraph(line);
  }
  pages.y -= 14;
  pages.paragraph(words.closing, { colour: MUTED });
  return doc.save();
}
