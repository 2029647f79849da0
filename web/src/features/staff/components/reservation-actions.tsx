/**
 * What staff can do with one reservation (docs/screens.md, /staff/reservas): record the rest as
 * paid in cash or by transfer, extend the deadline, or release the plots, each confirmed in a
 * second step that says what will happen.
 */
import { RESERVATION_BALANCE_CENTS, type ReservationView } from '@parroquia/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { completeAtParish, extendReservation, releaseReservation } from '../api/back-office-api';
import { OutcomeMessage, type Outcome } from './outcome-message';
import { ReasonField } from './reason-field';
import styles from './back-office.module.css';
import { currentLanguage } from '@/lib/i18n';

type Step = null | 'cash' | 'transfer' | 'extend' | 'release';

/** What staff confirmed: the step, with the new last day and the reason where it asks them. */
interface Change {
  step: Exclude<Step, null>;
  until: string;
  reason: string;
}

/** `YYYY-MM-DD` of the last day a deadline leaves in Spain (it ends at that day's close). */
function lastSpanishDay(deadline: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(deadline - 1);
}

export function ReservationActions({
  reservation,
  onDone,
}: {
  reservation: ReservationView;
  /** What happened, said by the page above the list (this row may be gone after it). */
  onDone: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const { getToken } = useSession();
  const [step, setStep] = useState<Step>(null);
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<Outcome | null>(null);
  const plots = reservation.plots;
  const rest = formatMoney(RESERVATION_BALANCE_CENTS * plots.length, currentLanguage());
  const deadline = Date.parse(reservation.reserved_until);

  // Said through `onDone` (the list above is asked again, so this row may be gone by then).
  const sending = useMutation({
    mutationFn: async ({ step: confirmed, until: lastDay, reason: why }: Change) => {
      const token = await getToken();
      if (confirmed === 'cash' || confirmed === 'transfer') {
        await completeAtParish(client, plots, confirmed, token);
        return t('backOffice.completed', { plots: plots.join(', '), amount: rest });
      }
      if (confirmed === 'extend') {
        await extendReservation(client, { parcelas: plots, until: lastDay, reason: why }, token);
        return t('backOffice.extended', { plots: plots.join(', ') });
      }
      await releaseReservation(client, { parcelas: plots, reason: why }, token);
      return t('backOffice.released', { plots: plots.join(', ') });
    },
    onSuccess: (text) => {
      setStep(null);
      onDone({ ok: true, text });
    },
    onError: (refusal) => setError({ ok: false, text: apiErrorText(refusal, t) }),
  });

  const open = (next: Step) => {
    setStep(next);
    setError(null);
    setReason('');
    // The current last day, so staff move it from there.
    setUntil(next === 'extend' ? lastSpanishDay(deadline) : '');
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (step) sending.mutate({ step, until, reason });
  };

  return (
    <div className={styles.actions}>
      {step === null ? (
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={() => open('transfer')}>
            {t('backOffice.paidByTransfer')}
          </Button>
          <Button variant="secondary" onClick={() => open('cash')}>
            {t('backOffice.paidInCash')}
          </Button>
          <Button variant="secondary" onClick={() => open('extend')}>
            {t('backOffice.extend')}
          </Button>
          <Button variant="secondary" onClick={() => open('release')}>
            {t('backOffice.release')}
          </Button>
        </div>
      ) : (
        <form className={styles.confirm} onSubmit={confirm} noValidate>
          <p>
            {step === 'cash' || step === 'transfer'
              ? t(step === 'cash' ? 'backOffice.confirmCash' : 'backOffice.confirmTransfer', {
                  amount: rest,
                  plots: plots.join(', '),
                })
              : t(step === 'extend' ? 'backOffice.confirmExtend' : 'backOffice.confirmRelease', {
                  plots: plots.join(', '),
                })}
          </p>
          {step === 'extend' && (
            <label>
              {t('backOffice.newLastDay')}
              <input
                type="date"
                value={until}
                max={reservation.extend_until_max}
                aria-describedby="extend-ceiling"
                onChange={(e) => setUntil(e.target.value)}
                required
              />
              <span id="extend-ceiling" className={styles.hint}>
                {t('backOffice.extendCeiling', {
                  day: new Intl.DateTimeFormat(currentLanguage(), {
                    day: 'numeric',
                    month: 'long',
                    year: 'numeric',
                    timeZone: 'UTC',
                  }).format(new Date(`${reservation.extend_until_max}T00:00:00Z`)),
                })}
              </span>
            </label>
          )}
          {(step === 'extend' || step === 'release') && (
            <ReasonField value={reason} onChange={setReason} />
          )}
          <div className={styles.buttons}>
            <Button type="submit" disabled={sending.isPending}>
              {t('backOffice.confirm')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setStep(null)}>
              {t('backOffice.cancel')}
            </Button>
          </div>
        </form>
      )}
      <OutcomeMessage outcome={error} testId={`reservation-error-${plots[0]}`} />
    </div>
  );
}
