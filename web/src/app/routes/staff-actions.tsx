/** /staff/acciones: the record of what staff did, newest first (docs/screens.md). */
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { StaffActionsList } from '@/features/staff/components/staff-actions-list';
import { Link } from 'react-router-dom';
import { RequireAccess } from './access';

export default function StaffActionsRoute() {
  const { t } = useTranslation();
  return (
    <RequireAccess level="staff">
      <title>{t('staffActions.documentTitle')}</title>
      <p>
        <Link to={paths.staff.getHref()}>{t('backOffice.backToArea')}</Link>
      </p>
      <h1>{t('staffActions.title')}</h1>
      <p>{t('staffActions.lead')}</p>
      <StaffActionsList />
    </RequireAccess>
  );
}
