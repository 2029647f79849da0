/**
 * The campaign's progress on the home page: plots given (bought or reserved) of all, and the
 * euros raised (bought plots at their price, reservations at their deposit). One document read,
 * without the Firestore SDK, so the first visit stays light (docs/architecture.md).
 */
import type { CampaignProgress as Progress } from '@parroquia/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatMoney, formatNumber } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { readCampaignProgress } from '../api/read-progress';
import styles from './campaign-progress.module.css';
import { currentLanguage } from '@/lib/i18n';

/** Said in the console, not on the page: the page only says the progress could not be read. */
async function readProgressOrSay(signal: AbortSignal): Promise<Progress> {
  try {
    return await readCampaignProgress(signal);
  } catch (error) {
    if (!signal.aborted) console.warn('campaign progress:', error);
    throw error;
  }
}

export default function CampaignProgress() {
  const { t } = useTranslation();
  const reading = useQuery({
    queryKey: queryKeys.campaignProgress(),
    queryFn: ({ signal }) => readProgressOrSay(signal),
  });
  if (!reading.isSuccess) {
    return (
      <p className={styles.box} role="status">
        {t(reading.isError ? 'progress.error' : 'progress.loading')}
      </p>
    );
  }
  const {
    given,
    bought,
    reserved,
    total,
    raisedCents: raised,
    goalCents: goal,
    percent,
  } = reading.data;
  const language = currentLanguage();
  return (
    <section
      className={styles.box}
      aria-labelledby="progress-title"
      data-testid="campaign-progress"
    >
      <h2 id="progress-title">{t('progress.title')}</h2>
      <p data-testid="progress-plots">
        {t('progress.plots', {
          given: formatNumber(given, language),
          total: formatNumber(total, language),
          bought: formatNumber(bought, language),
          reserved: formatNumber(reserved, language),
        })}
      </p>
      <p data-testid="progress-raised">
        {t('progress.raised', {
          raised: formatMoney(raised, language),
          goal: formatMoney(goal, language),
        })}
      </p>
      <ProgressBar percent={percent} />
    </section>
  );
}
