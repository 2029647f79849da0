/**
 * After a registration, its paper certificate printed filled in (issue 32 part 5): the donor's
 * name as registered, the plots, the code and the day, as a PDF the browser downloads.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useApiClient } from '@/lib/api-client-context';
import { printFilledCertificate } from '../api/staff-actions-api';
import { OutcomeMessage } from './outcome-message';
import { useFileDownload } from './use-file-download';

export function FilledCertificateButton({ code }: { code: string }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const { busy, outcome, run } = useFileDownload(() => t('filledCertificate.printed', { code }));
  const print = (token: string) => printFilledCertificate(client, code, token);

  return (
    <>
      <Button
        type="button"
        disabled={busy}
        // run() says its own failure under the button.
        onClick={() => void run(print, `certificado-${code}.pdf`)}
      >
        {t('filledCertificate.print', { code })}
      </Button>
      <OutcomeMessage outcome={outcome} testId="filled-certificate-result" />
    </>
  );
}
