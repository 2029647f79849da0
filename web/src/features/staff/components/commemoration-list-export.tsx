/**
 * On /staff/donantes: the priest's list of every name donors ask prayers for, printed (PDF,
 * living and departed apart, first names only) or downloaded as CSV (with each name's donor).
 * Each is recorded by the API as a staff action.
 */
import { certificateLanguage } from '@parroquia/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { saveBlob } from '@/lib/download';
import { currentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { downloadCommemorationsCsv, printCommemorationList } from '../api/commemorations-api';
import { OutcomeMessage, type Outcome } from './outcome-message';
import styles from './donors.module.css';

export function CommemorationListExport() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { getToken } = useSession();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async (download: (token: string) => Promise<Blob>, fileName: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      saveBlob(await download(await getToken()), fileName);
      setOutcome({ ok: true, text: t('commemorations.staff.printed') });
    } catch (error) {
      setOutcome({ ok: false, text: apiErrorText(error, t) });
    } finally {
      setBusy(false);
    }
  };

  // The list's headings in Romanian or Spanish, as the certificates (English reads Spanish).
  const language = certificateLanguage(currentLanguage());
  const lang = language.ok ? language.value : 'es';

  return (
    <section aria-labelledby="commemoration-list" className={styles.section}>
      <h2 id="commemoration-list">{t('commemorations.staff.title')}</h2>
      <p>{t('commemorations.staff.lead')}</p>
      <p>
        <Button
          disabled={busy}
          onClick={() =>
            // run() shows its own failure.
            void run((token) => printCommemorationList(client, lang, token), 'pomelnic.pdf')
          }
        >
          {t('commemorations.staff.print')}
        </Button>{' '}
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            // run() shows its own failure.
            void run((token) => downloadCommemorationsCsv(client, token), 'pomelnic.csv')
          }
        >
          {t('commemorations.staff.csv')}
        </Button>
      </p>
      <OutcomeMessage outcome={outcome} testId="commemoration-list-result" />
    </section>
  );
}
