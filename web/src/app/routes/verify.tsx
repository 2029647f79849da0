import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ContentPage } from '@/components/layout/content-page';
import { CertificateCheck } from '@/features/verify/components/certificate-check';

export default function VerifyRoute() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  return (
    <ContentPage title={t('verify.title')}>
      <CertificateCheck code={code} />
    </ContentPage>
  );
}
