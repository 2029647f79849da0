/** The Certificate button: its state while downloading (the work: `certificate-download.ts`). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '@/lib/api-client-context';
import { currentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import type { CertificateResult } from './certificate-download';

export function useCertificateDownload() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { getToken } = useSession();
  const [downloading, setDownloading] = useState(false);

  const download = async (): Promise<CertificateResult> => {
    const { downloadCertificateFile } = await import('./certificate-download');
    try {
      return await downloadCertificateFile({
        client,
        // Resolved (`ro`, not the browser's `ro-RO`, which no certificate is in).
        language: currentLanguage(),
        getToken,
        t,
        onStart: () => setDownloading(true),
      });
    } finally {
      setDownloading(false);
    }
  };

  return { download, downloading };
}
