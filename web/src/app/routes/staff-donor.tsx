/** /staff/donantes/:id: everything of one donor, and the corrections (docs/screens.md). */
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { DonorCommemorations } from '@/features/staff/components/donor-commemorations';
import { DonorPage } from '@/features/staff/components/donor-page';
import { Link, useParams } from 'react-router-dom';
import { RequireAccess } from './access';

export default function StaffDonorRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <RequireAccess level="staff">
      <title>{t('staffDonors.pageDocumentTitle')}</title>
      <p>
        <Link to={paths.staffDonors.getHref()}>{t('staffDonors.backToSearch')}</Link>
      </p>
      <DonorPage id={id} />
      <DonorCommemorations id={id} />
    </RequireAccess>
  );
}
