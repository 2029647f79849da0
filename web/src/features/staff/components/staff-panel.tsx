/**
 * The staff panel (docs/screens.md, /staff): money given, refunded and kept by way of paying for
 * this month, this year or all time; plots by state; reservations ending within 7 days; the
 * latest gifts. Live: every part follows its Firestore listener.
 */
import {
  panelFigures,
  spanishMonthOf,
  type DonationMethod,
  type PanelFigures,
} from '@parroquia/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { formatDate, formatLastDay, formatMoney, formatNumber, localeOf } from '@/lib/format';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { ENDING_WITHIN_DAYS, listenToPanel, type PanelReadings } from '../api/panel-listeners';
import styles from './staff-panel.module.css';
import { MonthClose } from './month-close';
import { PaymentMethods } from './payment-methods';
import { currentLanguage } from '@/lib/i18n';

const PERIODS = ['month', 'year', 'all'] as const;
type Period = (typeof PERIODS)[number];
const METHODS: ReadonlyArray<DonationMethod | 'total'> = ['card', 'cash', 'transfer', 'total'];
const DAY_MS = 24 * 60 * 60 * 1000;

export function StaffPanel() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [readings, setReadings] = useState<PanelReadings>({});
  const [failed, setFailed] = useState(false);
  const [period, setPeriod] = useState<Period>('month');
  const [openedAt] = useState(() => Date.now());

  useEffect(() => {
    let stop: (() => void) | undefined;
    let current = true;
    listenToPanel(
      openedAt,
      (part) => current && setReadings((seen) => ({ ...seen, ...part })),
      () => current && setFailed(true),
    ).then(
      (unsubscribe) => (current ? (stop = unsubscribe) : unsubscribe()),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      stop?.();
    };
  }, [openedAt]);

  const complete =
    readings.summary && readings.progress && readings.latest && readings.ending !== undefined;
  useEffect(() => {
    // For `npm run bench`: when every part first shows, and what it cost in reads.
    if (complete && performance.getEntriesByName('staff-panel').length === 0) {
      performance.mark('staff-panel', { detail: { documents: readings.documents } });
    }
  }, [complete, readings.documents]);

  const money = (cents: number) => formatMoney(cents, language);
  const figures: PanelFigures | null = readings.summary
    ? panelFigures(readings.summary, spanishMonthOf(openedAt))
    : null;

  if (failed) {
    return (
      <p role="alert" className={styles.error}>
        {t('staffPanel.failed')}
      </p>
    );
  }

  return (
    <div className={styles.panel}>
      {readings.refundsOwed && readings.refundsOwed.length > 0 ? (
        <section aria-labelledby="panel-refunds-owed" className={`${styles.card} ${styles.owed}`}>
          <h2 id="panel-refunds-owed">{t('staffPanel.refundsOwedTitle')}</h2>
          <p>{t('staffPanel.refundsOwedLead')}</p>
          <ul className={styles.list} data-testid="panel-refunds-owed">
            {readings.refundsOwed.map((owed) => (
              <li key={owed.sessionId}>
                <strong>{money(owed.amountCents)}</strong>
                {owed.paidAt > 0 ? <> · {formatDate(new Date(owed.paidAt), language)}</> : null}
                {owed.lostPlots.length > 0 ? <> · {owed.lostPlots.join(', ')}</> : null} ·{' '}
                <code>{owed.paymentIntent ?? owed.sessionId}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="panel-money" className={styles.card}>
        <h2 id="panel-money">{t('staffPanel.moneyTitle')}</h2>
        <div role="group" aria-label={t('staffPanel.periodLabel')} className={styles.periods}>
          {PERIODS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={period === option}
              onClick={() => setPeriod(option)}
            >
              {t(`staffPanel.period.${option}`)}
            </button>
          ))}
        </div>
        {figures ? (
          <table className={styles.figures} data-testid="panel-money">
            <caption className="visually-hidden">{t(`staffPanel.period.${period}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staffPanel.method')}</th>
                <th scope="col">{t('staffPanel.given')}</th>
                <th scope="col">{t('staffPanel.refunded')}</th>
                <th scope="col">{t('staffPanel.voided')}</th>
                <th scope="col">{t('staffPanel.kept')}</th>
              </tr>
            </thead>
            <tbody>
              {METHODS.map((method) => {
                const row = figures[period][method];
                return (
                  <tr key={method} data-testid={`panel-money-${method}`}>
                    <th scope="row">{t(`staffPanel.methods.${method}`)}</th>
                    <td data-label={t('staffPanel.given')}>{money(row.given_cents)}</td>
                    <td data-label={t('staffPanel.refunded')}>{money(row.refunded_cents)}</td>
                    <td data-label={t('staffPanel.voided')}>{money(row.voided_cents)}</td>
                    <td data-label={t('staffPanel.kept')}>{money(row.kept_cents)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : (
          <Loading />
        )}
        <p>
          <Link to={paths.staffDonations.getHref()}>{t('staffPanel.toDonations')}</Link>
        </p>
      </section>

      <MonthClose />

      <PaymentMethods />

      <section aria-labelledby="panel-plots" className={styles.card}>
        <h2 id="panel-plots">{t('staffPanel.plotsTitle')}</h2>
        {readings.progress ? (
          <dl className={styles.counts} data-testid="panel-plots">
            <div>
              <dt>{t('staffPanel.plotsBought')}</dt>
              <dd>{formatNumber(readings.progress.counts.plots_bought, language)}</dd>
            </div>
            <div>
              <dt>{t('staffPanel.plotsReserved')}</dt>
              <dd>{formatNumber(readings.progress.counts.plots_reserved, language)}</dd>
            </div>
            <div>
              <dt>{t('staffPanel.plotsFree')}</dt>
              <dd>
                {formatNumber(
                  readings.progress.totalPlots -
                    readings.progress.counts.plots_bought -
                    readings.progress.counts.plots_reserved,
                  language,
                )}
              </dd>
            </div>
            <div>
              <dt>{t('staffPanel.raised')}</dt>
              <dd>{money(readings.progress.counts.raised_cents)}</dd>
            </div>
          </dl>
        ) : (
          <Loading />
        )}
      </section>

      <section aria-labelledby="panel-ending" className={styles.card}>
        <h2 id="panel-ending">{t('staffPanel.endingTitle', { days: ENDING_WITHIN_DAYS })}</h2>
        {readings.ending === undefined ? (
          <Loading />
        ) : readings.ending.length === 0 ? (
          <p>{t('staffPanel.noneEnding')}</p>
        ) : (
          <ul className={styles.list} data-testid="panel-ending">
            {readings.ending.map((reservation) => {
              const days = Math.ceil((reservation.reservedUntil - openedAt) / DAY_MS);
              return (
                <li key={reservation.plot}>
                  <strong>{reservation.plot}</strong> ·{' '}
                  {reservation.holder ?? t('backOffice.noName')} ·{' '}
                  {formatLastDay(reservation.reservedUntil, language)} (
                  {new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' }).format(
                    days,
                    'day',
                  )}
                  )
                </li>
              );
            })}
          </ul>
        )}
        <p>
          <Link to={paths.staffReservations.getHref()}>{t('staffPanel.toReservations')}</Link>
        </p>
      </section>

      <section aria-labelledby="panel-latest" className={styles.card}>
        <h2 id="panel-latest">{t('staffPanel.latestTitle')}</h2>
        {readings.latest === undefined ? (
          <Loading />
        ) : readings.latest.length === 0 ? (
          <p>{t('staffPanel.noGifts')}</p>
        ) : (
          <ul className={styles.list} data-testid="panel-latest">
            {readings.latest.map((row) => (
              <li key={row.id}>
                <span className={row.amount_cents < 0 ? styles.negative : undefined}>
                  {money(row.amount_cents)}
                </span>{' '}
                · {row.donor_name || row.donor_email || (row.donor ? t('myData.erasedDonor') : '—')}{' '}
                · {t(`ledger.kinds.${row.kind}`)} · {t(`staffPanel.methods.${row.method}`)} ·{' '}
                {row.cells.join(', ')} · {formatDate(new Date(row.created_at), language)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status">
      <Spinner /> {t('staffPanel.loading')}
    </p>
  );
}
