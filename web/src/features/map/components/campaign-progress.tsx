/**
 * The campaign's progress on the home page, from the same live listener as the map: plots
 * given (bought or reserved) of all, and the euros raised (bought plots at their price,
 * reservations at their deposit).
 */
import { effectiveStatus, PLOT_PRICE_CENTS, RESERVATION_DEPOSIT_CENTS } from '@parroquia/domain';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '@/lib/format';
import { useLiveCells, useNow } from '../hooks/use-live-cells';
import styles from './campaign-progress.module.css';

export default function CampaignProgress() {
  const { t, i18n } = useTranslation();
  const live = useLiveCells();
  const now = useNow();
  if (live.status !== 'live') {
    return (
      <p className={styles.box} role="status">
        {t(live.status === 'error' ? 'progress.error' : 'progress.loading')}
      </p>
    );
  }
  let bought = 0;
  let reserved = 0;
  for (const cell of live.cells.values()) {
    const status = effectiveStatus(cell, now);
    if (status === 'bought') bought += 1;
    else if (status === 'reserved') reserved += 1;
  }
  const total = live.cells.size;
  const given = bought + reserved;
  const raised = bought * PLOT_PRICE_CENTS + reserved * RESERVATION_DEPOSIT_CENTS;
  const goal = total * PLOT_PRICE_CENTS;
  const percent = goal === 0 ? 0 : Math.round((raised / goal) * 1000) / 10;
  const language = i18n.language;
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
        })}
      </p>
      <p data-testid="progress-raised">
        {t('progress.raised', {
          raised: formatMoney(raised, language),
          goal: formatMoney(goal, language),
        })}
      </p>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t('progress.barLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
    </section>
  );
}
