/**
 * The cancel page's work (docs/screens.md): the checkout the donor left is ended at once, its
 * plots go back on sale, and "back to the map" returns with the same plots picked.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/session';
import { cancelCheckout } from '../api/cancel-checkout';
import { rememberSelectionToRestore } from '../restored-selection';
import styles from './checkout-cancelled.module.css';

type Release = 'releasing' | 'released' | 'failed' | 'none';

export function CheckoutCancelled({ checkout }: { checkout: string | null }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const { getToken } = useSession();
  const [release, setRelease] = useState<Release>(checkout ? 'releasing' : 'none');
  const [detail, setDetail] = useState<string | null>(null);

  useEffect(() => {
    if (!checkout) return;
    let current = true;
    // The body catches every failure and shows it (release failed).
    void (async () => {
      try {
        const cancelled = await cancelCheckout(client, checkout, await getToken());
        rememberSelectionToRestore(
          cancelled.kind === 'complete' ? 'completion' : 'purchase',
          cancelled.plots,
        );
        if (current) setRelease('released');
      } catch (error) {
        if (!current) return;
        setRelease('failed');
        // The API's reason in the reader's language; without one, the page's own text.
        setDetail(error instanceof ApiError && error.fromServer ? error.message : null);
      }
    })();
    return () => {
      current = false;
    };
  }, [checkout, client, getToken]);

  return (
    <>
      <p>{t('cancel.description')}</p>
      <p role="status" data-testid="cancel-release">
        {release === 'releasing' && t('cancel.releasing')}
        {release === 'released' && t('cancel.released')}
        {release === 'failed' && (detail ?? t('cancel.releaseFailed'))}
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
