/**
 * The Certificate button: its state while downloading, and the notice its place keeps after a
 * try that saved no file, until the donor closes it or tries again (the work:
 * `certificate-download.ts`; the notice: `certificate-notice.tsx`).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '@/lib/api-client-context';
import { currentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import type { CertificateNotice } from './certificate-download';

export function useCertificateDownload() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { getToken } = useSession();
  const [downloading, setDownloading] = useState(false);
  const [notice, setNotice] = useState<CertificateNotice | null>(null);

  const download = async (): Promise<void> => {
    setNotice(null);
    const { downloadCertificateFile } = await import('./certificate-download');
    try {
      const result = await downloadCertificateFile({
        client,
        // Resolved (`ro`, not the browser's `ro-RO`, which no certificate is in).
        language: currentLanguage(),
        getToken,
        t,
        onStart: () => setDownloading(true),
      });
      if (result.status === 'notice') setNotice(result.notice);
    } finally {
      setDownloading(false);
    }
  };

  return { download, downloading, notice, dismiss: () => setNotice(null) };
}
