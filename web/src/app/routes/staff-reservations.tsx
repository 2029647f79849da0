/** /staff/reservas: every reservation and what staff can do with it (docs/screens.md). */
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { ReservationsList } from '@/features/staff/components/reservations-list';
import { Link } from 'react-router-dom';
import { RequireAccess } from './access';

export default function StaffReservationsRoute() {
  const { t } = useTranslation();
  return (
    <RequireAccess level="staff">
      <title>{t('backOffice.reservationsDocumentTitle')}</title>
      <p>
        <Link to={paths.staff.getHref()}>{t('backOffice.backToArea')}</Link>
      </p>
      <h1>{t('backOffice.reservationsTitle')}</h1>
      <p>{t('backOffice.reservationsLead')}</p>
      <ReservationsList />
    </RequireAccess>
  );
}
