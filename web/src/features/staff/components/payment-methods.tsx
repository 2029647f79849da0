/**
 * On the staff panel: the ways of paying Stripe's page offers donors (docs/product.md, "Bizum and
 * wallets"). Card is always on, and with it Apple Pay and Google Pay where the donor's browser has
 * them; Bizum is staff's to turn on or off. SEPA debit is not offered at all: its money arrives
 * days later, and plots are held for minutes.
 */
import type { CheckoutPaymentMethod } from '@parroquia/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { accountUid } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import {
  loadPaymentMethods,
  paymentMethodsKey,
  usePaymentMethodsChange,
} from '../api/payment-methods-api';
import { OutcomeMessage, type Outcome } from './outcome-message';
import styles from './staff-panel.module.css';

export function PaymentMethods() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { session, getToken } = useSession();
  const asked = useQuery({
    queryKey: paymentMethodsKey(accountUid(session)),
    queryFn: async () => loadPaymentMethods(client, await getToken()),
  });
  /** The box as staff set it, until saved; null: as stored. */
  const [draft, setDraft] = useState<boolean | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const stored = asked.data?.methods;
  const bizum = draft ?? stored?.includes('bizum') ?? false;
  const change = usePaymentMethodsChange({
    onSuccess: (answer) => {
      setDraft(null);
      setOutcome({
        ok: true,
        text: t(
          answer.methods.includes('bizum')
            ? 'paymentMethods.savedWith'
            : 'paymentMethods.savedCard',
        ),
      });
    },
    onError: (error) => setOutcome({ ok: false, text: apiErrorText(error, t) }),
  });

  const save = () => {
    setOutcome(null);
    const methods: CheckoutPaymentMethod[] = bizum ? ['card', 'bizum'] : ['card'];
    change.mutate(methods);
  };

  return (
    <section
      aria-labelledby="panel-payment-methods"
      className={styles.card}
      data-testid="payment-methods"
    >
      <h2 id="panel-payment-methods">{t('paymentMethods.title')}</h2>
      <p>{t('paymentMethods.lead')}</p>
      {asked.isPending && (
        <p role="status">
          <Spinner /> {t('paymentMethods.loading')}
        </p>
      )}
      {asked.isError && (
        <OutcomeMessage
          outcome={{ ok: false, text: apiErrorText(asked.error, t) }}
          testId="payment-methods-error"
        />
      )}
      {stored && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <fieldset className={styles.methodChoices}>
            <legend>{t('paymentMethods.legend')}</legend>
            <label>
              <input type="checkbox" checked disabled />
              <span>
                {t('paymentMethods.card')}
                <small>{t('paymentMethods.cardHint')}</small>
              </span>
            </label>
            <label>
              <input
                type="checkbox"
                name="bizum"
                checked={bizum}
                onChange={(event) => setDraft(event.target.checked)}
              />
              <span>
                {t('paymentMethods.bizum')}
                <small>{t('paymentMethods.bizumHint')}</small>
              </span>
            </label>
          </fieldset>
          <p className={styles.methodNote}>{t('paymentMethods.sepaNote')}</p>
          <p className={styles.closeButtons}>
            <Button type="submit" disabled={change.isPending}>
              {t('paymentMethods.save')}
            </Button>
          </p>
        </form>
      )}
      <OutcomeMessage outcome={outcome} testId="payment-methods-result" />
    </section>
  );
}
