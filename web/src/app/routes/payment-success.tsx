import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ContentPage } from '@/components/layout/content-page';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { RequireAccess } from './access';

export default function PaymentSuccessRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  return (
    <RequireAccess level="donor">
      <ContentPage title={t('success.title')}>
        <p>{t('success.message')}</p>
        {sessionId && (
          <p>
            {t('success.sessionId')} <code data-testid="session-id">{sessionId}</code>
          </p>
        )}
        <ButtonLink to={paths.home.getHref()}>{t('success.backHome')}</ButtonLink>
      </ContentPage>
    </RequireAccess>
  );
}
