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
import { generateCertificatesPdf } from '../api/staff-api';
import { useGenerateCodes } from '../api/staff-mutations';
import { GeneratedCodes } from './generated-codes';
import { OutcomeMessage, type Outcome } from './outcome-message';
import styles from './staff.module.css';

export function CertificateGenerator() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { getToken } = useSession();
  const [count, setCount] = useState(String(DEFAULT_CERTIFICATE_COUNT));
  /** The PDF being made: a file saved, not a mutation (docs/architecture.md, writes). */
  const [printing, setPrinting] = useState(false);
  const coding = useGenerateCodes();
  const busy = printing || coding.isPending;
  const [message, setMessage] = useState<Outcome | null>(null);
  const [codes, setCodes] = useState<readonly string[]>([]);

  const run = async (what: 'pdf' | 'codes') => {
    const valid = validateCertificateCount(count);
    if (!valid.ok) {
      setMessage({ ok: false, text: t('staff.countInvalid') });
      return;
    }
    setMessage(null);
    setCodes([]);
    if (what === 'codes') {
      coding.mutate(valid.value, {
        onSuccess: (generated) => {
          console.log('codes', generated.codes);
          setCodes(generated.codes);
          setMessage({ ok: true, text: t('staff.codesDone') });
        },
        onError: failed,
      });
      return;
    }
    setPrinting(true);
    try {
      saveBlob(
        await generateCertificatesPdf(client, valid.value, await getToken()),
        'certificados-fisicos.pdf',
      );
      setMessage({ ok: true, text: t('staff.certificatesDone') });
    } catch (error) {
      failed(error);
    } finally {
      setPrinting(false);
    }
  };

  const failed = (error: unknown) => {
    console.error(error);
    // The API's reason in the reader's language, else that it could not answer.
    setMessage({ ok: false, text: apiErrorText(error, t) });
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
