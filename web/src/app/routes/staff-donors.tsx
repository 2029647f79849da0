/** /staff/donantes: find a donor by name, e-mail, code or plot (docs/screens.md). */
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { CommemorationListExport } from '@/features/staff/components/commemoration-list-export';
import { DonorSearch } from '@/features/staff/components/donor-search';
import { Link } from 'react-router-dom';
import { RequireAccess } from './access';

export default function StaffDonorsRoute() {
  const { t } = useTranslation();
  return (
    <RequireAccess level="staff">
      <title>{t('staffDonors.documentTitle')}</title>
      <p>
        <Link to={paths.staff.getHref()}>{t('backOffice.backToArea')}</Link>
      </p>
      <h1>{t('staffDonors.title')}</h1>
      <p>{t('staffDonors.lead')}</p>
      <DonorSearch />
      <CommemorationListExport />
    </RequireAccess>
  );
}
