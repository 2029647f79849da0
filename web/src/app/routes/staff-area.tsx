/** /staff: the parish staff's panel and where each of their tasks lives (docs/screens.md). */
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { StaffPanel } from '@/features/staff/components/staff-panel';
import styles from '@/features/staff/components/staff-panel.module.css';
import { Link } from 'react-router-dom';
import { RequireAccess } from './access';

export default function StaffAreaRoute() {
  const { t } = useTranslation();
  return (
    <RequireAccess level="staff">
      <title>{t('backOffice.areaDocumentTitle')}</title>
      <h1>{t('backOffice.areaTitle')}</h1>
      <nav aria-label={t('staffPanel.navLabel')}>
        <ul className={styles.nav}>
          <li>
            <Link to={paths.staffDonations.getHref()}>{t('ledger.title')}</Link>
          </li>
          <li>
            <Link to={paths.staffDonors.getHref()}>{t('staffDonors.title')}</Link>
          </li>
          <li>
            <Link to={paths.staffReservations.getHref()}>{t('backOffice.reservationsTitle')}</Link>
          </li>
          <li>
            <Link to={paths.staffActions.getHref()}>{t('staffActions.title')}</Link>
          </li>
          <li>
            <Link to={paths.staffCertificate.getHref()}>{t('staff.title')}</Link>
          </li>
        </ul>
      </nav>
      <StaffPanel />
    </RequireAccess>
  );
}
