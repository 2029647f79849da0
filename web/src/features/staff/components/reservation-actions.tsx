/**
 * What staff can do with one reservation (docs/screens.md, /staff/reservas): record the rest as
 * paid in cash or by transfer, extend the deadline, or release the plots, each confirmed in a
 * second step that says what will happen.
 */
import { RESERVATION_BALANCE_CENTS, type ReservationView } from '@parroquia/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { formatMoney } from '@/lib/format';
import { useReservationChange, type ReservationChange } from '../api/staff-mutations';
import { OutcomeMessage, type Outcome } from './outcome-message';
import { ReasonField } from './reason-field';
import styles from './back-office.module.css';
import { currentLanguage } from '@/lib/i18n';

type Step = null | 'cash' | 'transfer' | 'extend' | 'release';

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
  const [step, setStep] = useState<Step>(null);
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<Outcome | null>(null);
  const plots = reservation.plots;
  const rest = formatMoney(RESERVATION_BALANCE_CENTS * plots.length, currentLanguage());
  const deadline = Date.parse(reservation.reserved_until);

  // Said through `onDone` (the list above is asked again first, so this row may be gone by then).
  const sending = useReservationChange({
    onSuccess: (_, change) => {
      setStep(null);
      const shown = change.plots.join(', ');
      onDone({
        ok: true,
        text:
          change.kind === 'extend'
            ? t('backOffice.extended', { plots: shown })
            : change.kind === 'release'
              ? t('backOffice.released', { plots: shown })
              : t('backOffice.completed', { plots: shown, amount: rest }),
      });
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
    if (!step) return;
    const change: ReservationChange =
      step === 'extend'
        ? { kind: step, plots, until, reason }
        : step === 'release'
          ? { kind: step, plots, reason }
          : { kind: step, plots };
    sending.mutate(change);
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
