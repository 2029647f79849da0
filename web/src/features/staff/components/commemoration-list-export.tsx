/**
 * On /staff/donantes: the priest's list of every name donors ask prayers for, printed (PDF,
 * living and departed apart, first names only) or downloaded as CSV (with each name's donor).
 * Each is recorded by the API as a staff action.
 */
import { certificateLanguage } from '@parroquia/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useApiClient } from '@/lib/api-client-context';
import { currentLanguage } from '@/lib/i18n';
import { downloadCommemorationsCsv, printCommemorationList } from '../api/commemorations-api';
import { OutcomeMessage } from './outcome-message';
import { useFileDownload } from './use-file-download';
import styles from './donors.module.css';

export function CommemorationListExport() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { busy, outcome, run } = useFileDownload(() => t('commemorations.staff.printed'));

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
