import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/components/layout/content-page';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <ContentPage title={t('notFound.title')} documentTitle={t('notFound.documentTitle')}>
      <p>{t('notFound.message')}</p>
      <ButtonLink to={paths.home.getHref()}>{t('notFound.backHome')}</ButtonLink>
    </ContentPage>
  );
}
