import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { prefetchCells } from '@/features/map/api/subscribe-cells';
import { DonationMap } from '@/features/map/components/donation-map';
import { useApiClient } from '@/lib/api-client-context';
import { RequireAccess } from './access';
import styles from './donate.module.css';

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
        <DonationMap />
      </RequireAccess>
    </div>
  );
}
