/**
 * The cancel page's work (docs/screens.md): the checkout the donor left is ended at once, its
 * plots go back on sale, and "back to the map" returns with the same plots picked.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { apiErrorText } from '@/lib/api-error-text';
import { useCancelCheckout } from '../api/cancel-checkout';
import styles from './checkout-cancelled.module.css';

export function CheckoutCancelled({ checkout }: { checkout: string | null }) {
  const { t } = useTranslation();
  const cancel = useCancelCheckout();
  const { mutate } = cancel;
  /** The checkout already sent: React's StrictMode runs the effect twice, the cancel goes once. */
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!checkout || sent.current === checkout) return;
    sent.current = checkout;
    mutate(checkout);
  }, [checkout, mutate]);

  const error = cancel.error;
  // The API's reason in the reader's language; without one, the page's own text.
  const detail = error instanceof ApiError && error.fromServer ? apiErrorText(error, t) : null;
  const releasing = checkout !== null && !cancel.isSuccess && !cancel.isError;

  return (
    <>
      <p>{t('cancel.description')}</p>
      <p role="status" data-testid="cancel-release">
        {releasing && t('cancel.releasing')}
        {cancel.isSuccess && t('cancel.released')}
        {cancel.isError && (detail ?? t('cancel.releaseFailed'))}
      </p>
      <div className={styles.actions}>
        <ButtonLink to={paths.donate.getHref()} data-testid="back-to-map">
          {t('cancel.backToMap')}
        </ButtonLink>
        <ButtonLink to={paths.home.getHref()} variant="secondary">
          {t('cancel.backHome')}
        </ButtonLink>
      </div>
    </>
  );
}
