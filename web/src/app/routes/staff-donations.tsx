/** /staff/donativos: the ledger for staff, filtered, with its totals and CSV (docs/screens.md). */
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { LedgerList } from '@/features/staff/components/ledger-list';
import { Link } from 'react-router-dom';
import { RequireAccess } from './access';

export default function StaffDonationsRoute() {
  const { t } = useTranslation();
  return (
    <RequireAccess level="staff">
      <title>{t('ledger.documentTitle')}</title>
      <p>
        <Link to={paths.staff.getHref()}>{t('backOffice.backToArea')}</Link>
      </p>
      <h1>{t('ledger.title')}</h1>
      <p>{t('ledger.lead')}</p>
      <LedgerList />
    </RequireAccess>
  );
}
