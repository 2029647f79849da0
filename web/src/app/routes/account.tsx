/**
 * /mi-cuenta: the donor's own account, one page of sections (docs/screens.md). This branch has
 * only the names to be remembered; the donations and "my data" sections join it when merged.
 */
import { useTranslation } from 'react-i18next';
import { CommemorationNamesSection } from '@/features/account/components/commemoration-names-section';
import { RequireAccess } from './access';

export default function AccountRoute() {
  const { t } = useTranslation();
  return (
    <RequireAccess level="donor">
      <title>{t('commemorations.documentTitle')}</title>
      <h1>{t('commemorations.pageTitle')}</h1>
      <CommemorationNamesSection />
    </RequireAccess>
  );
}
