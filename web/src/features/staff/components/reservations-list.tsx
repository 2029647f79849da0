/**
 * Every reservation, soonest deadline first (docs/screens.md, /staff/reservas): the plots, who
 * holds them and how to reach them, the deadline and days left, the reminders sent, and what
 * staff can do. A table on a desktop, one card per reservation on a phone.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { formatLastDay, localeOf } from '@/lib/format';
import { accountUid, queryKeys } from '@/lib/query-keys';
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

export function ReservationsList() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { session, getToken } = useSession();
  const asked = useQuery({
    queryKey: queryKeys.reservations(accountUid(session)),
    queryFn: async () => listReservations(client, await getToken()),
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // The list is what the server says, never patched by hand: an action's hook has asked for it
  // again (the row waits meanwhile) before it reports here.
  const done = (next: Outcome) => setOutcome(next);

  if (!asked.isSuccess) {
    return (
      <>
        <OutcomeMessage outcome={outcome} testId="reservations-outcome" />
        {asked.isError ? (
          <OutcomeMessage
            outcome={{ ok: false, text: apiErrorText(asked.error, t) }}
            testId="reservations-error"
          />
        ) : (
          <p role="status">
            <Spinner /> {t('backOffice.loading')}
          </p>
        )}
      </>
    );
  }
  const { reservations } = asked.data;
  // Days left are counted from when the list was answered.
  const now = asked.dataUpdatedAt;
  return (
    <>
      <OutcomeMessage outcome={outcome} testId="reservations-outcome" />
      {reservations.length === 0 ? (
        <p>{t('backOffice.noReservations')}</p>
      ) : (
        <ul className={styles.reservations} aria-label={t('backOffice.reservationsTitle')}>
          {reservations.map((reservation) => {
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
                    {formatLastDay(ends, currentLanguage())} · {inDays(daysLeft, currentLanguage())}
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
