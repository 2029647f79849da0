/**
 * "Ask someone else to pay" on the donor's reservations (docs/product.md, "A relative pays"):
 * makes a payment link for the rest of them and offers ways to send it: the phone's share sheet
 * where there is one, else WhatsApp, e-mail and copying the address.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { apiErrorText } from '@/lib/api-error-text';
import { formatLastDay, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useCancelPaymentLinks, useCreateRestPaymentLink } from '../api/payment-link-api';
import own from './ask-someone-to-pay.module.css';
import styles from './donation-history.module.css';

export function AskSomeoneToPay({ plots }: { plots: readonly string[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const making = useCreateRestPaymentLink();
  const cancelling = useCancelPaymentLinks({
    onSuccess: ({ cancelled }) => {
      toast.success(t('payLink.cancelledMine', { count: cancelled }));
      making.reset();
    },
    onError: (error) => toast.error(apiErrorText(error, t)),
  });
  const cancelButton = (
    <Button
      variant="secondary"
      data-testid="cancel-payment-links"
      disabled={cancelling.isPending}
      onClick={() => cancelling.mutate()}
    >
      {t('payLink.cancelMine')}
    </Button>
  );

  if (!making.isSuccess) {
    return (
      <div>
        {making.isError && <p role="alert">{apiErrorText(making.error, t)}</p>}
        <Button
          variant="secondary"
          data-testid="ask-someone-to-pay"
          disabled={making.isPending}
          onClick={() => making.mutate(plots)}
        >
          {making.isPending ? <Spinner /> : null}
          {t('payLink.ask')}
        </Button>{' '}
        {cancelButton}
      </div>
    );
  }
  const link = making.data;
  const url = new URL(paths.payLink.getHref(link.token), window.location.origin).href;
  const message = t('payLink.shareText', {
    amount: formatMoney(link.amount_cents, language),
    url,
  });
  const canShare = typeof navigator.share === 'function';
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => toast.success(t('payLink.copied')),
      () => toast.error(t('payLink.copyFailed')),
    );
  const share = () =>
    navigator.share({ title: t('payLink.shareTitle'), text: message, url }).catch(() => {
      // Closing the share sheet is not an error to tell.
    });
  return (
    <div className={styles.due} data-testid="pay-link-made">
      <p>
        {t('payLink.made', {
          amount: formatMoney(link.amount_cents, language),
          date: formatLastDay(link.expires_at, language),
        })}
      </p>
      <input
        className={own.address}
        readOnly
        aria-label={t('payLink.address')}
        value={url}
        data-testid="pay-link-url"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className={own.ways}>
        {canShare ? (
          // share() catches its own refusal (the sheet closed): nothing left to await.
          <Button onClick={() => void share()}>{t('payLink.share')}</Button>
        ) : (
          <>
            <a
              className={own.way}
              href={`https://wa.me/?text=${encodeURIComponent(message)}`}
              target="_blank"
              rel="noreferrer"
            >
              {t('payLink.whatsapp')}
            </a>
            <a
              className={own.way}
              href={`mailto:?subject=${encodeURIComponent(t('payLink.shareTitle'))}&body=${encodeURIComponent(message)}`}
            >
              {t('payLink.email')}
            </a>
          </>
        )}
        {/* copy() tells its outcome in a toast: nothing left to await. */}
        <Button variant="secondary" onClick={() => void copy()}>
          {t('payLink.copy')}
        </Button>
        {cancelButton}
      </div>
    </div>
  );
}
