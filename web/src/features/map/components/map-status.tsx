/** What the map shows before its first snapshot, or when the listener fails. */
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { LiveCells } from '../hooks/use-live-cells';

export function MapStatus({ live }: { live: LiveCells & { refresh: () => void } }) {
  const { t } = useTranslation();
  if (live.status === 'error') {
    return (
      <div role="alert">
        <p>{t('map.error')}</p>
        <Button variant="secondary" onClick={live.refresh}>
          {t('map.retry')}
        </Button>
      </div>
    );
  }
  return (
    <p role="status" data-testid="map-loading">
      <Spinner /> {t('map.loading')}
    </p>
  );
}
