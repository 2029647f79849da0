import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { prefetchCells } from '@/features/map/api/subscribe-cells';
import { DonationMap } from '@/features/map/components/donation-map';
import { useApiClient } from '@/lib/api-client-context';
import { RequireAccess } from './access';
import styles from './donate.module.css';

/**
 * "Ask someone else to pay" for the plots picked (features/pay-link), downloaded once a donor's
 * selection bar shows it: a visitor who only looks, and the map's first paint, never need it.
 */
const AskSomeoneToPay = lazy(() =>
  import('@/features/pay-link/components/ask-someone-to-pay').then((module) => ({
    default: module.AskSomeoneToPay,
  })),
);

export default function DonateRoute() {
  const { t } = useTranslation();
  const api = useApiClient();
  // The plots are public: they download while the session is checked, not after.
  useEffect(() => prefetchCells(api), [api]);
  return (
    <div className={styles.route}>
      {/* Anyone may look at the plots and their prices; buying asks to sign in (docs/screens.md). */}
      <RequireAccess level="open">
        <title>{t('map.documentTitle')}</title>
        <h1 className="visually-hidden">{t('map.title')}</h1>
        <DonationMap
          askSomeoneToPay={({ plots, disabled, onDone }) => (
            <Suspense fallback={null}>
              <AskSomeoneToPay
                kind="buy"
                presentation="dialog"
                plots={plots}
                disabled={disabled}
                onDone={onDone}
              />
            </Suspense>
          )}
        />
      </RequireAccess>
    </div>
  );
}
