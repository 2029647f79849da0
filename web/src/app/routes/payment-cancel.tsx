import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ContentPage } from '@/components/layout/content-page';
import { CheckoutCancelled } from '@/features/map/components/checkout-cancelled';
import { RequireAccess } from './access';

export default function PaymentCancelRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <RequireAccess level="donor">
      <ContentPage title={t('cancel.title')}>
        <CheckoutCancelled checkout={params.get('checkout')} />
      </ContentPage>
    </RequireAccess>
  );
}
