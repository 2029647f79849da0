import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/components/layout/content-page';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { RequireAccess } from './access';

export default function PaymentCancelRoute() {
  const { t } = useTranslation();
  return (
    <RequireAccess level="donor">
      <ContentPage title={t('cancel.title')}>
        <p>{t('cancel.description')}</p>
        <ButtonLink to={paths.home.getHref()}>{t('cancel.backHome')}</ButtonLink>
      </ContentPage>
    </RequireAccess>
  );
}
