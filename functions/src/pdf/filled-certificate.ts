/**
 * A paper certificate filled in for one registration (issue 32 part 5): the same page as the
 * blank ones (physical-certificates.ts), with the donor's name as registered, the plots and the
 * day of the registration written on its lines, in Noto Sans so every letter of a Spanish or
 * Romanian name prints as typed; the longest names and lists shrink and wrap onto more lines, on
 * the one page (physical-certificates.ts). Spanish only, as the blank ones.
 */
import { visibleText, type FilledCertificate } from '@parroquia/domain';
import { certificateDate } from './donor-certificate-texts';
import { charactersMissingFrom, embedCertificateFonts } from './fonts';
import { drawCertificate, paperCertificateDocument } from './physical-certificates';

const A4: [number, number] = [595.28, 841.89];

/** Thrown for a name the embedded font cannot print, naming the characters. */
export class UnprintableNameError extends Error {
  constructor(readonly characters: string[]) {
    super(`The certificate font has no glyph for ${characters.join(' ')}`);
    this.name = 'UnprintableNameError';
  }
}

/** The plots as the paper lists them; a reservation says the rest is still to pay. */
export function plotsLine(certificate: FilledCertificate): string {
  const plots = certificate.plots.join(', ');
  return certificate.reserve ? `${plots} (reserva)` : plots;
}

export async function filledCertificatePdf(certificate: FilledCertificate): Promise<Uint8Array> {
  const { pdf, fonts } = await paperCertificateDocument();
  // The name as a reader sees it: what shows nothing (zero-width characters...) is not printed.
  const donor = visibleText(certificate.donorName);
  const { regular } = await embedCertificateFonts(pdf, donor, plotsLine(certificate));
  const missing = charactersMissingFrom(regular, donor);
  if (missing.length > 0) throw new UnprintableNameError(missing);
  drawCertificate(pdf.addPage(A4), certificate.code, fonts, {
    donor,
    plots: plotsLine(certificate),
    date: certificateDate(certificate.registeredAt, 'es-ES'),
    font: regular,
  });
  return pdf.save();
}
