/** /staff: the parish staff's area (docs/screens.md): where each of their tasks lives. */
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import styles from '@/features/staff/components/back-office.module.css';
import { Link } from '@/lib/navigation';
import { RequireAccess } from './access';

export default function StaffAreaRoute() {
  const { t } = useTranslation();
  return (
    <RequireAccess level="staff">
      <title>{t('backOffice.areaDocumentTitle')}</title>
      <h1>{t('backOffice.areaTitle')}</h1>
      <ul className={styles.areaLinks}>
        <li>
          <Link to={paths.staffReservations.getHref()}>{t('backOffice.reservationsTitle')}</Link>
        </li>
        <li>
          <Link to={paths.staffCertificate.getHref()}>{t('staff.title')}</Link>
        </li>
      </ul>
    </RequireAccess>
  );
}
