/**
 * Count input and the two red buttons (docs/screens.md, docs/api.md): a PDF of physical
 * certificates, or only their codes, listed on the page (and logged to the console, as the
 * original site did).
 */
import { DEFAULT_CERTIFICATE_COUNT, validateCertificateCount } from '@parroquia/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { saveBlob } from '@/lib/download';
import { useSession } from '@/lib/session';
import { generateCertificatesPdf, generateCodes } from '../api/staff-api';
import { GeneratedCodes } from './generated-codes';
import { OutcomeMessage, type Outcome } from './outcome-message';
import styles from './staff.module.css';

export function CertificateGenerator() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { getToken } = useSession();
  const [count, setCount] = useState(String(DEFAULT_CERTIFICATE_COUNT));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Outcome | null>(null);
  const [codes, setCodes] = useState<readonly string[]>([]);

  const run = async (what: 'pdf' | 'codes') => {
    const valid = validateCertificateCount(count);
    if (!valid.ok) {
      setMessage({ ok: false, text: t('staff.countInvalid') });
      return;
    }
    setBusy(true);
    setMessage(null);
    setCodes([]);
    try {
      const token = await getToken();
      if (what === 'pdf') {
        saveBlob(
          await generateCertificatesPdf(client, valid.value, token),
          'certificados-fisicos.pdf',
        );
        setMessage({ ok: true, text: t('staff.certificatesDone') });
      } else {
        const generated = await generateCodes(client, valid.value, token);
        console.log('codes', generated.codes);
        setCodes(generated.codes);
        setMessage({ ok: true, text: t('staff.codesDone') });
      }
    } catch (error) {
      console.error(error);
      // The API's reason in the reader's language, else that it could not answer.
      setMessage({ ok: false, text: apiErrorText(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.generator}>
      <label>
        {t('staff.count')}
        <input
          type="number"
          min={1}
          max={250}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          data-testid="certificate-count"
        />
      </label>
      <Button
        variant="danger"
        disabled={busy}
        onClick={() => void run('pdf') /* shows its own failure */}
      >
        {t('staff.generate')}
      </Button>
      <Button
        variant="danger"
        disabled={busy}
        onClick={() => void run('codes') /* shows its own failure */}
      >
        {t('staff.generateCodes')}
      </Button>
      <OutcomeMessage outcome={message} testId="generate-result" />
      <GeneratedCodes codes={codes} />
    </div>
  );
}
