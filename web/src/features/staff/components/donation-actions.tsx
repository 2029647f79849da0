/**
 * What staff can do with one row of a donor's page (docs/screens.md): void a cash or transfer
 * registration made by mistake (with a reason, confirmed), or refund a card gift in full or in
 * part (the amount and a reason, then a second confirmation that says what Stripe will do).
 */
import type { DonorLedgerLineView } from '@parroquia/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { formatMoney } from '@/lib/format';
import { useDonationCorrection } from '../api/staff-mutations';
import { OutcomeMessage, type Outcome } from './outcome-message';
import { ReasonField } from './reason-field';
import styles from './back-office.module.css';
import { currentLanguage } from '@/lib/i18n';

type Step = null | 'void' | 'refund' | 'refund-confirm';

/** `12`, `12,5`, `12.50` euros as cents; null when it is not an amount. */
export function centsOf(typed: string): number | null {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as the amount box shows them: `250,00` (es, ro) or `250.00` (en). */
function typedOf(cents: number, language: string): string {
  const separator = language.startsWith('en') ? '.' : ',';
  return `${Math.trunc(cents / 100)}${separator}${String(cents % 100).padStart(2, '0')}`;
}

export function DonationActions({
  line,
  donorName,
  onDone,
}: {
  line: DonorLedgerLineView;
  donorName: string;
  /**
   * What happened, said above the page; `awaiting`: a refund whose row Stripe's event is still to
   * write (the line and what it will have given back once it has).
   */
  onDone: (outcome: Outcome, awaiting?: { line: string; undoneCents: number }) => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(null);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<Outcome | null>(null);
  const money = (cents: number) => formatMoney(cents, currentLanguage());
  // The donor's page, the ledger and the reservations are what the server says: the hook asks
  // for them again before it reports, never patched by hand.
  const sending = useDonationCorrection({
    onSuccess: (_, correction) => {
      setStep(null);
      const plots = line.cells.join(', ');
      if (correction.kind === 'void') {
        onDone({
          ok: true,
          text: t('staffDonors.voided', { amount: money(line.amount_cents), plots }),
        });
      } else {
        onDone(
          { ok: true, text: t('staffDonors.refunded', { amount: money(correction.amount_cents) }) },
          { line: line.id, undoneCents: line.undone_cents + correction.amount_cents },
        );
      }
    },
    onError: (refusal) => setError({ ok: false, text: apiErrorText(refusal, t) }),
  });
  if (!line.voidable && line.refundable_cents === 0) return null;
  const plots = line.cells.join(', ');
  const cents = centsOf(amount);

  const open = (next: Step) => {
    setStep(next);
    setError(null);
    setReason('');
    setAmount(typedOf(line.refundable_cents, currentLanguage()));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'refund') {
      // The first confirmation only checks the amount: the second says what will happen.
      if (cents === null || cents <= 0 || cents > line.refundable_cents) {
        setError({
          ok: false,
          text: t('staffDonors.refundAmountInvalid', { amount: money(line.refundable_cents) }),
        });
        return;
      }
      setError(null);
      setStep('refund-confirm');
      return;
    }
    if (step === 'void') sending.mutate({ kind: 'void', donation_id: line.id, reason });
    else if (step === 'refund-confirm' && cents !== null) {
      sending.mutate({ kind: 'refund', donation_id: line.id, amount_cents: cents, reason });
    }
  };

  return (
    <div className={styles.actions}>
      {step === null ? (
        <div className={styles.buttons}>
          {line.voidable && (
            <Button variant="secondary" onClick={() => open('void')}>
              {t('staffDonors.voidButton')}
            </Button>
          )}
          {line.refundable_cents > 0 && (
            <Button variant="secondary" onClick={() => open('refund')}>
              {t('staffDonors.refundButton')}
            </Button>
          )}
        </div>
      ) : (
        <form className={styles.confirm} onSubmit={submit} noValidate>
          {step === 'void' && (
            <p>{t('staffDonors.voidConfirm', { amount: money(line.amount_cents), plots })}</p>
          )}
          {step === 'refund' && (
            <>
              <p>{t('staffDonors.refundLeft', { amount: money(line.refundable_cents) })}</p>
              <label>
                {t('staffDonors.refundAmount')}
                <input
                  type="text"
                  inputMode="decimal"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  required
                />
              </label>
            </>
          )}
          {step === 'refund-confirm' && cents !== null && (
            <p role="alert">
              {t('staffDonors.refundConfirm', {
                amount: money(cents),
                name: donorName || t('backOffice.noName'),
                plots,
              })}
            </p>
          )}
          {(step === 'void' || step === 'refund') && (
            <ReasonField value={reason} onChange={setReason} />
          )}
          <div className={styles.buttons}>
            <Button
              type="submit"
              variant={step === 'refund' ? 'primary' : 'danger'}
              disabled={sending.isPending}
            >
              {step === 'refund'
                ? t('staffDonors.continue')
                : step === 'refund-confirm' && cents !== null
                  ? t('staffDonors.refundYes', { amount: money(cents) })
                  : t('staffDonors.voidYes')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setStep(null)}>
              {t('backOffice.cancel')}
            </Button>
          </div>
        </form>
      )}
      <OutcomeMessage outcome={error} testId={`donation-error-${line.id}`} />
    </div>
  );
}
