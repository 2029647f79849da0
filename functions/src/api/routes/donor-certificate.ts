/** The donor's certificate as a PDF (docs/product.md, docs/api.md). */
import { MESSAGES, certificateFileName, plotsBoughtBy, type ApiRoutes } from '@parroquia/domain';
import { ApiError, fileReply } from '../http';
import type { Handler } from '../router';
import { siteOrigin, verifyPageUrl } from '../site-url';

export const generateCertificate: Handler<ApiRoutes['generateCertificate']> = async ({
  deps,
  caller,
  params,
  headers,
  profile,
  language,
}) => {
  const now = deps.now();
  const plots = plotsBoughtBy(await deps.donors.cellsOf(caller.uid), caller.uid, now);
  if (plots.length === 0) throw new ApiError(404, MESSAGES.noPlotsBought);
  // Loaded on first use: the fonts and PDF code are most of the bundle, and every other
  // route's cold start would pay for them.
  // The names the donor asks prayers for, only when they chose to print them.
  const remembered = await deps.commemorations.read(caller.uid);
  const { renderDonorCertificate, UnprintableTextError } =
    await import('../../pdf/donor-certificate');
  try {
    const pdf = await renderDonorCertificate({
      language: params.lang,
      donorName: profile.name,
      personalCode: profile.personal_code,
      plots,
      issuedAt: now,
      verifyUrl: verifyPageUrl(siteOrigin(headers), profile.personal_code),
      commemorations: remembered.on_certificate ? remembered.names : [],
    });
    return fileReply('application/pdf', pdf, certificateFileName(language));
  } catch (error) {
    if (!(error instanceof UnprintableTextError)) throw error;
    throw new ApiError(400, MESSAGES.nameUnprintable(error.characters.join(' ')));
  }
};
