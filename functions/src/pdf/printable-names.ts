/**
 * Which typed names the certificates' typeface cannot draw: a name the donor asks prayers for
 * is printed on their certificate and on the priest's list, so it is refused when saved rather
 * than printed later as blank boxes (docs/product.md, "Names remembered in prayer").
 */
import { visibleText } from '@parroquia/domain';
import { PDFDocument } from 'pdf-lib';
import { charactersMissingFrom, embedCertificateFonts } from './fonts';

/** For each name, the characters neither weight can print (empty: printable). */
export async function unprintableCharacters(names: readonly string[]): Promise<string[][]> {
  if (names.length === 0) return [];
  const printable = names.map((name) => visibleText(name));
  const { regular, bold } = await embedCertificateFonts(await PDFDocument.create(), ...printable);
  return printable.map((printed) => {
    return [
      ...new Set([
        ...charactersMissingFrom(regular, printed),
        ...charactersMissingFrom(bold, printed),
      ]),
    ];
  });
}
