/**
 * The Certificate button's work and its toasts (docs/api.md, certificate). Loaded on the first
 * click (`use-certificate-download.ts`): it brings the contract, zod and sonner, which the
 * header need not carry.
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

export type CertificateResult =
  { status: 'success'; message: string } | { status: 'error'; message: string };

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
    toast.error(t('certificate.error.title'), {
      description: t('certificate.error.description'),
    });
    return { status: 'error', message: t('certificate.error.description') };
  }
  onStart();
  try {
    const pdf = await downloadCertificate(client, language, await getToken());
    saveBlob(pdf, certificateFileName(interfaceLanguage));
    toast.success(t('certificate.success.title'), {
      description: t('certificate.success.description'),
    });
    return { status: 'success', message: t('certificate.success.title') };
  } catch (error) {
    if (error instanceof ApiError && error.status === null) {
      toast.error(t('certificate.network.title'), {
        description: t('certificate.network.description'),
      });
    } else if (error instanceof ApiError && error.code === NO_PLOTS_BOUGHT) {
      toast.warning(t('certificate.noPlots.title'), {
        description: t('certificate.noPlots.description'),
      });
    } else {
      toast.error(t('certificate.error.title'), {
        description: t('certificate.error.description'),
      });
    }
    return { status: 'error', message: apiErrorText(error, t) };
  }
}
