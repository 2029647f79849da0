/**
 * /pagar/:token, a payment link's page (docs/product.md, "A relative pays"): someone without an
 * account sees whom the plots are for (the name as the map shows it), the plan with the plots
 * marked, and the amount, and pays through Stripe's Checkout. A plot taken meanwhile is named and
 * the rest offered; a paid, expired or cancelled link says so. The plan is passed in by the route
 * (the map's drawing), so this feature imports no other.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { formatLastDay, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { payPaymentLink, viewPaymentLink } from '../api/payment-link-api';
import styles from './pay-link.module.css';

export interface PayLinkProps {
  token: string;
  /** Back from Stripe after paying: the page waits for the payment to arrive. */
  returnedPaid: boolean;
  /** The plan with these plots marked (the route draws it). */
  plan: (marked: ReadonlySet<string>) => ReactNode;
}

export function PayLink({ token, returnedPaid, plan }: PayLinkProps) {
  const { t } = useTranslation();
  const client = useApiClient();
  const language = currentLanguage();
  const asked = useQuery({
    queryKey: queryKeys.paymentLink(token),
    queryFn: () => viewPaymentLink(client, token),
    // Back from Stripe: asked again until the webhook has marked the link paid.
    refetchInterval: (query) =>
      returnedPaid && query.state.data?.state === 'open' ? 2_000 : false,
  });
  const paying = useMutation({
    mutationFn: (plots: readonly string[]) => payPaymentLink(client, token, plots, language),
    onSuccess: (started) => window.location.assign(started.url),
    // A plot taken between reading and paying: read the link again, which names it.
    onError: () => void asked.refetch(), // the page shows the fresh state; nothing to await
  });

  if (asked.isPending) {
    return (
      <p role="status">
        <Spinner /> {t('payLink.loading')}
      </p>
    );
  }
  if (asked.isError) {
    const unknown = asked.error instanceof ApiError && asked.error.status === 404;
    return (
      <p role="alert" data-testid="pay-link-unknown">
        {unknown ? t('payLink.unknown') : apiErrorText(asked.error, t)}
      </p>
    );
  }
  const link = asked.data;
  const money = (cents: number) => formatMoney(cents, language);
  const marked = new Set(link.state === 'open' ? link.payable : link.plots);

  return (
    <div data-testid="pay-link" data-state={link.state}>
      <p>
        {t(link.kind === 'complete' ? 'payLink.leadComplete' : 'payLink.leadBuy', {
          name: link.donor_display,
        })}
      </p>
      <p>
        {t('payLink.forWhom')} <strong data-testid="pay-link-donor">{link.donor_display}</strong>
      </p>
      <div className={styles.plan}>{plan(marked)}</div>
      <p>
        {t('payLink.plots', { count: link.plots.length })}{' '}
        <span data-testid="pay-link-plots">{link.plots.join(', ')}</span>
      </p>
      <LinkState
        link={link}
        returnedPaid={returnedPaid}
        money={money}
        lastDay={(ms) => formatLastDay(ms, language)}
      />
      {link.state === 'open' && link.payable.length > 0 && (
        <>
          {paying.isError && (
            <p role="alert" className={styles.taken}>
              {apiErrorText(paying.error, t)}
            </p>
          )}
          <Button
            className={styles.pay}
            data-testid="pay-link-pay"
            disabled={paying.isPending}
            onClick={() => paying.mutate(link.payable)}
          >
            {paying.isPending ? <Spinner /> : null}
            {t('payLink.pay', { amount: money(link.amount_cents) })}
          </Button>
          <p>{t('payLink.stripeNote')}</p>
        </>
      )}
    </div>
  );
}

function LinkState({
  link,
  returnedPaid,
  money,
  lastDay,
}: {
  link: Awaited<ReturnType<typeof viewPaymentLink>>;
  returnedPaid: boolean;
  money: (cents: number) => string;
  lastDay: (ms: number) => string;
}) {
  const { t } = useTranslation();
  switch (link.state) {
    case 'paid':
      return (
        <p role="status" data-testid="pay-link-paid">
          {t(returnedPaid ? 'payLink.thanks' : 'payLink.paid', { name: link.donor_display })}
        </p>
      );
    case 'expired':
      return <p role="alert">{t('payLink.expired')}</p>;
    case 'cancelled':
      return <p role="alert">{t('payLink.cancelled')}</p>;
    case 'open':
      break;
  }
  if (returnedPaid) {
    return (
      <p role="status">
        <Spinner /> {t('payLink.arriving')}
      </p>
    );
  }
  return (
    <>
      {link.taken.length > 0 && (
        <p role="alert" className={styles.taken} data-testid="pay-link-taken">
          {link.payable.length > 0
            ? t('payLink.takenSome', { plots: link.taken.join(', ') })
            : t('payLink.takenAll')}
        </p>
      )}
      {link.payable.length > 0 && (
        <p>
          {t('payLink.amount')}{' '}
          <span className={styles.amount} data-testid="pay-link-amount">
            {money(link.amount_cents)}
          </span>
        </p>
      )}
      <p>{t('payLink.until', { date: lastDay(link.expires_at) })}</p>
    </>
  );
}
