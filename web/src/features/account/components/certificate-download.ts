/**
 * The Certificate button's work (docs/api.md, certificate). Loaded on the first click
 * (`use-certificate-download.ts`): it brings the contract and zod, which the header need not
 * carry. A file saved is confirmed by a toast; anything else is a notice the button's place keeps
 * until the donor closes it (`certificate-notice.tsx`): a donor with no plot paid in full yet is
 * told calmly when the certificate comes, never that something failed.
 */
import { certificateFileName } from '@parroquia/domain';
import type { TFunction } from 'i18next';
import type { ApiClient } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';
import { ApiError } from '@/lib/api-error';
import { apiErrorText } from '@/lib/api-error-text';
import { saveBlob } from '@/lib/download';
import { toast } from '@/lib/toast';
import { certificateLanguageFor, downloadCertificate } from '../api/account-api';

/** The API's code for a donor with no plot paid in full (docs/api.md, certificate). */
const NO_PLOTS_BOUGHT = 'noPlotsBought';

/** What the button's place says after a try that saved no file. */
export type CertificateNotice =
  { kind: 'no-plots' } | { kind: 'error'; title: string; text: string };

export type CertificateResult =
  { status: 'saved' } | { status: 'notice'; notice: CertificateNotice };

export interface CertificateDownload {
  client: ApiClient;
  /** The interface language (`currentLanguage()`): the certificate's, and the file's name. */
  language: Language;
  getToken: () => Promise<string>;
  t: TFunction;
  /** Called once the request is about to go (the button then shows "Downloading…"). */
  onStart: () => void;
}

export async function downloadCertificateFile({
  client,
  language: interfaceLanguage,
  getToken,
  t,
  onStart,
}: CertificateDownload): Promise<CertificateResult> {
  const language = certificateLanguageFor(interfaceLanguage);
  if (!language) {
    return failed(t('certificate.error.title'), t('certificate.error.description'));
  }
  onStart();
  try {
    const pdf = await downloadCertificate(client, language, await getToken());
    saveBlob(pdf, certificateFileName(interfaceLanguage));
    toast.success(t('certificate.success.title'), {
      description: t('certificate.success.description'),
    });
    return { status: 'saved' };
  } catch (error) {
    if (error instanceof ApiError && error.code === NO_PLOTS_BOUGHT) {
      return { status: 'notice', notice: { kind: 'no-plots' } };
    }
    if (error instanceof ApiError && error.status === null) {
      return failed(t('certificate.network.title'), t('certificate.network.description'));
    }
    return failed(t('certificate.error.title'), apiErrorText(error, t));
  }
}

const failed = (title: string, text: string): CertificateResult => ({
  status: 'notice',
  notice: { kind: 'error', title, text },
});
