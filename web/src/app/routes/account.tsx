/**
 * The donor's account page, `/mi-cuenta` (docs/screens.md): one page of sections. This branch
 * has only "My data"; the donations and commemoration names sections join it (issue 30).
 */
import { useTranslation } from 'react-i18next';
import { MyDataSection } from '@/features/account/components/my-data-section';
import { RequireAccess } from './access';

export default function AccountRoute() {
  const { t } = useTranslation();
  return (
    <RequireAccess level="donor">
      <title>{t('myData.documentTitle')}</title>
      <h1>{t('myData.pageTitle')}</h1>
      <MyDataSection />
    </RequireAccess>
  );
}
