/** The Certificate button's work and its toasts (docs/api.md, certificate). */
import { MESSAGES } from '@parroquia/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { saveBlob } from '@/lib/download';
import { useSession } from '@/lib/session';

export type CertificateResult =
  { status: 'success'; message: string } | { status: 'error'; message: string };

export function useCertificateDownload() {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const { getToken } = useSession();
  const [downloading, setDownloading] = useState(false);

  const download = async (): Promise<CertificateResult> => {
    // Loaded on click: the language rule brings zod, and sonner, which the header need not carry.
    const [{ certificateLanguageFor, downloadCertificate }, { toast }] = await Promise.all([
      import('../api/account-api'),
      import('sonner'),
    ]);
    const language = certificateLanguageFor(i18n.language);
    if (!language) {
      toast.error(t('certificate.error.title'), {
        description: MESSAGES.certificateDownloadFailed,
      });
      return { status: 'error', message: MESSAGES.certificateDownloadFailed };
    }
    setDownloading(true);
    try {
      const pdf = await downloadCertificate(client, language, await getToken());
      saveBlob(pdf, 'certificado.pdf');
      toast.success(t('certificate.success.title'), {
        description: t('certificate.success.description'),
      });
      return { status: 'success', message: 'Certificado descargado' };
    } catch (error) {
      if (error instanceof ApiError && error.status === null) {
        toast.error(t('certificate.network.title'), {
          description: t('certificate.network.description'),
        });
      } else if (error instanceof ApiError && error.message === MESSAGES.noPlotsBought) {
        toast.warning(t('certificate.noPlots.title'), {
          description: t('certificate.noPlots.description'),
        });
      } else {
        toast.error(t('certificate.error.title'), {
          description: t('certificate.error.description'),
        });
      }
      const message = error instanceof Error ? error.message : MESSAGES.certificateDownloadFailed;
      return { status: 'error', message };
    } finally {
      setDownloading(false);
    }
  };

  return { download, downloading };
}
