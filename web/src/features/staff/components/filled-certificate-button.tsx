/**
 * After a registration, its paper certificate printed filled in (issue 32 part 5): the donor's
 * name as registered, the plots, the code and the day, as a PDF the browser downloads.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { saveBlob } from '@/lib/download';
import { useSession } from '@/lib/session';
import { printFilledCertificate } from '../api/staff-actions-api';
import { OutcomeMessage, type Outcome } from './outcome-message';

export function FilledCertificateButton({ code }: { code: string }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const { getToken } = useSession();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const print = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      saveBlob(
        await printFilledCertificate(client, code, await getToken()),
        `certificado-${code}.pdf`,
      );
      setOutcome({ ok: true, text: t('filledCertificate.printed', { code }) });
    } catch (error) {
      setOutcome({ ok: false, text: apiErrorText(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        type="button"
        disabled={busy}
        onClick={() => void print() /* shows its own failure */}
      >
        {t('filledCertificate.print', { code })}
      </Button>
      <OutcomeMessage outcome={outcome} testId="filled-certificate-result" />
    </>
  );
}
