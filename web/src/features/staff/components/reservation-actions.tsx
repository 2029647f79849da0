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
import { useApiClient } from '@/lib/api-client-context';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { completeAtParish, extendReservation, releaseReservation } from '../api/back-office-api';
import { OutcomeMessage, type Outcome } from './outcome-message';
import { ReasonField } from './reason-field';
import styles from './back-office.module.css';
import { currentLanguage } from '@/lib/i18n';

type Step = null | 'cash' | 'transfer' | 'extend' | 'release';

/** `YYYY-MM-DD` of an instant in Spain: the day a deadline falls on. */
function spanishDay(epochMillis: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(epochMillis);
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
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<Outcome | null>(null);
  const plots = reservation.plots;
  const rest = formatMoney(RESERVATION_BALANCE_CENTS * plots.length, currentLanguage());
  const deadline = Date.parse(reservation.reserved_until);

  const open = (next: Step) => {
    setStep(next);
    setError(null);
    setReason('');
    // The current last day, so staff move it from there.
    setUntil(next === 'extend' ? spanishDay(deadline) : '');
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!step) return;
    setSending(true);
    try {
      const token = await getToken();
      if (step === 'cash' || step === 'transfer') {
        await completeAtParish(client, plots, step, token);
        onDone({
          ok: true,
          text: t('backOffice.completed', { plots: plots.join(', '), amount: rest }),
        });
      } else if (step === 'extend') {
        await extendReservation(client, { parcelas: plots, until, reason }, token);
        onDone({ ok: true, text: t('backOffice.extended', { plots: plots.join(', ') }) });
      } else {
        await releaseReservation(client, { parcelas: plots, reason }, token);
        onDone({ ok: true, text: t('backOffice.released', { plots: plots.join(', ') }) });
      }
      setStep(null);
    } catch (refusal) {
      setError({
        ok: false,
        text: apiErrorText(refusal, t),
      });
    } finally {
      setSending(false);
    }
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
        <form
          className={styles.confirm}
          onSubmit={(event) => void confirm(event) /* shows its own failure */}
          noValidate
        >
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
                onChange={(e) => setUntil(e.target.value)}
                required
              />
            </label>
          )}
          {(step === 'extend' || step === 'release') && (
            <ReasonField value={reason} onChange={setReason} />
          )}
          <div className={styles.buttons}>
            <Button type="submit" disabled={sending}>
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
