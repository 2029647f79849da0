/**
 * Every reservation, soonest deadline first (docs/screens.md, /staff/reservas): the plots, who
 * holds them and how to reach them, the deadline and days left, the reminders sent, and what
 * staff can do. A table on a desktop, one card per reservation on a phone.
 */
import type { ReservationView } from '@parroquia/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { formatDate, localeOf } from '@/lib/format';
import { useSession } from '@/lib/session';
import { listReservations } from '../api/back-office-api';
import { OutcomeMessage, type Outcome } from './outcome-message';
import { ReservationActions } from './reservation-actions';
import styles from './back-office.module.css';
import { currentLanguage } from '@/lib/i18n';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "in 5 days", "tomorrow", "today" in the reader's language (Intl's plural rules, not ours). */
function inDays(days: number, language: string): string {
  return new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' }).format(days, 'day');
}

type Loading =
  | { state: 'loading' }
  | { state: 'failed'; text: string }
  | { state: 'ready'; reservations: ReservationView[]; loadedAt: number };

export function ReservationsList() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { getToken } = useSession();
  // Asked again after each action: the list is what the server says, never patched by hand.
  const [version, setVersion] = useState(0);
  const [answer, setAnswer] = useState<{ version: number; loading: Loading } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const loading: Loading = answer?.version === version ? answer.loading : { state: 'loading' };

  useEffect(() => {
    let current = true;
    const settle = (settled: Loading) => current && setAnswer({ version, loading: settled });
    getToken()
      .then((token) => listReservations(client, token))
      .then(
        ({ reservations }) => settle({ state: 'ready', reservations, loadedAt: Date.now() }),
        (error: unknown) =>
          settle({
            state: 'failed',
            text: apiErrorText(error, t),
          }),
      );
    return () => {
      current = false;
    };
  }, [client, getToken, version, t]);

  const done = (next: Outcome) => {
    setOutcome(next);
    setVersion((seen) => seen + 1);
  };

  if (loading.state !== 'ready') {
    return (
      <>
        <OutcomeMessage outcome={outcome} testId="reservations-outcome" />
        {loading.state === 'loading' ? (
          <p role="status">
            <Spinner /> {t('backOffice.loading')}
          </p>
        ) : (
          <OutcomeMessage outcome={{ ok: false, text: loading.text }} testId="reservations-error" />
        )}
      </>
    );
  }
  const now = loading.loadedAt;
  return (
    <>
      <OutcomeMessage outcome={outcome} testId="reservations-outcome" />
      {loading.reservations.length === 0 ? (
        <p>{t('backOffice.noReservations')}</p>
      ) : (
        <ul className={styles.reservations} aria-label={t('backOffice.reservationsTitle')}>
          {loading.reservations.map((reservation) => {
            const ends = Date.parse(reservation.reserved_until);
            const daysLeft = Math.max(0, Math.ceil((ends - now) / DAY_MS));
            const { holder } = reservation;
            return (
              <li
                key={`${holder.uid ?? holder.email}-${reservation.reserved_until}`}
                className={styles.reservation}
                data-testid={`reservation-${reservation.plots[0]}`}
              >
                <dl className={styles.facts}>
                  <dt>{t('backOffice.plots')}</dt>
                  <dd>{reservation.plots.join(', ')}</dd>
                  <dt>{t('backOffice.holder')}</dt>
                  <dd>
                    {holder.name || t('backOffice.noName')}
                    {holder.personal_code ? ` · ${holder.personal_code}` : ''}
                    {holder.uid === null ? ` · ${t('backOffice.noAccount')}` : ''}
                  </dd>
                  <dt>{t('backOffice.contact')}</dt>
                  <dd>
                    {holder.email ? (
                      <a href={`mailto:${holder.email}`}>{holder.email}</a>
                    ) : (
                      t('backOffice.noEmail')
                    )}
                  </dd>
                  <dt>{t('backOffice.deadline')}</dt>
                  <dd data-soon={daysLeft <= 7 || undefined}>
                    {formatDate(new Date(ends), currentLanguage())} ·{' '}
                    {inDays(daysLeft, currentLanguage())}
                  </dd>
                  {reservation.certificate_code && (
                    <>
                      <dt>{t('backOffice.certificate')}</dt>
                      <dd>{reservation.certificate_code}</dd>
                    </>
                  )}
                  <dt>{t('backOffice.reminders')}</dt>
                  <dd>
                    {reservation.reminders.length > 0
                      ? reservation.reminders
                          .map((stage) => t(`backOffice.reminder.${stage as '7d' | '1d'}`))
                          .join(', ')
                      : t('backOffice.noReminders')}
                  </dd>
                </dl>
                <ReservationActions reservation={reservation} onDone={done} />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
