/**
 * On the staff panel: the month's close for the parish council (docs/screens.md, /staff). Staff
 * pick the month (the last one closed by default) and the page's language, then print the close
 * (one PDF page of figures) and download the accountant's export of the same days.
 */
import { monthDays, spanishMonthOf, type CertificateLanguage } from '@parroquia/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useApiClient } from '@/lib/api-client-context';
import { currentLanguage } from '@/lib/i18n';
import { downloadDonationsCsv, printMonthClose } from '../api/ledger-api';
import { OutcomeMessage } from './outcome-message';
import { useFileDownload } from './use-file-download';
import styles from './staff-panel.module.css';

/** The month before the Spanish month of `now`: the one a treasurer closes. */
function lastMonth(now: number): string {
  const [year, month] = spanishMonthOf(now).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

export function MonthClose() {
  const { t } = useTranslation();
  const client = useApiClient();
  const [month, setMonth] = useState(() => lastMonth(Date.now()));
  const [lang, setLang] = useState<CertificateLanguage>(currentLanguage() === 'ro' ? 'ro' : 'es');
  const { busy, outcome, run } = useFileDownload((file) => t('monthClose.saved', { file }));
  const monthId = useId();
  const langId = useId();

  return (
    <section aria-labelledby="panel-close" className={styles.card}>
      <h2 id="panel-close">{t('monthClose.title')}</h2>
      <p>{t('monthClose.lead')}</p>
      <div className={styles.closeFields}>
        <label htmlFor={monthId}>
          {t('monthClose.month')}
          <input
            id={monthId}
            type="month"
            value={month}
            min="2020-01"
            required
            onChange={(event) => setMonth(event.target.value)}
          />
        </label>
        <label htmlFor={langId}>
          {t('monthClose.language')}
          <select
            id={langId}
            value={lang}
            onChange={(event) => setLang(event.target.value === 'ro' ? 'ro' : 'es')}
          >
            <option value="es">Español</option>
            <option value="ro">Română</option>
          </select>
        </label>
      </div>
      <p className={styles.closeButtons}>
        <Button
          disabled={busy}
          onClick={() =>
            // run() shows its own failure.
            void run((token) => printMonthClose(client, month, lang, token), `cierre-${month}.pdf`)
          }
        >
          {t('monthClose.print')}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            // run() shows its own failure.
            void run(
              (token) => downloadDonationsCsv(client, monthDays(month), token),
              `donativos-${month}.csv`,
            )
          }
        >
          {t('monthClose.export')}
        </Button>
      </p>
      <OutcomeMessage outcome={outcome} testId="month-close-result" />
    </section>
  );
}
