/**
 * /pagar/:token, a payment link's page (docs/screens.md): public, no sign-in. Composes the
 * payer's page (features/pay-link) with the map's whole plan, read-only, the link's plots marked.
 */
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { ContentPage } from '@/components/layout/content-page';
import { WholePlan } from '@/features/map/components/whole-plan';
import { useLiveCells, useNow } from '@/features/map/hooks/use-live-cells';
import { PayLink } from '@/features/pay-link/components/pay-link';

export default function PayLinkRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const live = useLiveCells();
  const now = useNow();
  return (
    <ContentPage title={t('payLink.title')}>
      <PayLink
        token={token}
        returnedPaid={search.get('pagado') === '1'}
        plan={(marked) =>
          live.status === 'live' ? (
            <WholePlan
              cells={live.cells}
              now={now}
              label={t('payLink.planLabel')}
              marked={marked}
            />
          ) : (
            <p role="status">{t('map.loading')}</p>
          )
        }
      />
    </ContentPage>
  );
}
