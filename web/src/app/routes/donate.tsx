import { useTranslation } from 'react-i18next';
import { DonationMap } from '@/features/map/components/donation-map';
import { RequireAccess } from './access';

export default function DonateRoute() {
  const { t } = useTranslation();
  return (
    <RequireAccess level="donor">
      <title>{t('map.documentTitle')}</title>
      <h1 className="visually-hidden">{t('map.title')}</h1>
      <DonationMap />
    </RequireAccess>
  );
}
