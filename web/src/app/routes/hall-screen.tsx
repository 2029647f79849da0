/**
 * /pantalla, the church hall's screen (docs/screens.md, docs/product.md): public, no header, no
 * sign-in, nothing to click. Composes the map's live plots and whole plan, the campaign's
 * progress and the hall feature's screen. It reads what a map visit reads (the snapshot, then one
 * listener on the plots that change) and the progress document, again only when the plots' counts
 * change; a failed start tries again on its own, and the listener reconnects by itself.
 */
import { recountProgress, type CampaignProgress, type CellWithId } from '@parroquia/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { readCampaignProgress } from '@/features/campaign/api/read-progress';
import { HallScreen } from '@/features/hall/components/hall-screen';
import { useLatestGifts } from '@/features/hall/hooks/use-latest-gifts';
import { WholePlan } from '@/features/map/components/whole-plan';
import { useLiveCells, useNow } from '@/features/map/hooks/use-live-cells';
import { queryKeys } from '@/lib/query-keys';

/** After a failed start (no network when the screen was switched on), the next try. */
const RETRY_AFTER_MS = 10_000;

/**
 * The campaign's progress, read again only when the live plots' counts move (a gift, a refund, a
 * lapsed reservation): the document is written in the same transaction as the plots. The last
 * figures read stay on screen while a read fails.
 */
function useHallProgress(cells: ReadonlyMap<string, CellWithId> | null): CampaignProgress | null {
  const counts = useMemo(() => {
    if (!cells) return null;
    const { plots_bought, plots_reserved } = recountProgress(cells.values(), []);
    return `${plots_bought}/${plots_reserved}`;
  }, [cells]);
  const reading = useQuery({
    queryKey: [...queryKeys.campaignProgress(), 'hall', counts],
    queryFn: ({ signal }) => readCampaignProgress(signal),
    enabled: counts !== null,
    placeholderData: keepPreviousData,
    retry: 5,
    retryDelay: (failures) => Math.min(30_000, 2_000 * 2 ** failures),
  });
  const [last, setLast] = useState<CampaignProgress | null>(null);
  if (reading.data && reading.data !== last) setLast(reading.data);
  return reading.data ?? last;
}

export default function HallScreenRoute() {
  const { t } = useTranslation();
  const live = useLiveCells({ followConnection: true });
  const now = useNow();
  const cells = live.status === 'live' ? live.cells : null;
  const gifts = useLatestGifts(cells, now);
  const progress = useHallProgress(cells);
  const { status, refresh } = live;

  useEffect(() => {
    if (status !== 'error') return;
    const timer = setTimeout(refresh, RETRY_AFTER_MS);
    return () => clearTimeout(timer);
  }, [status, refresh]);

  const siteAddress = useMemo(() => new URL(paths.home.getHref(), window.location.origin).href, []);
  return (
    <HallScreen
      plan={
        cells ? (
          <WholePlan cells={cells} now={now} label={t('hall.planLabel')} />
        ) : (
          <p role="status">{t('hall.loading')}</p>
        )
      }
      progress={progress}
      gifts={gifts}
      reconnecting={live.reconnecting || status === 'error'}
      siteAddress={siteAddress}
    />
  );
}
