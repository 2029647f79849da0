/**
 * "My plots" on /donativos (docs/screens.md): the donor's bought and reserved plots, each
 * reservation with its deadline and a one-click "complete now" (a completion checkout of that
 * plot alone). Read from the same live map, so it changes as the plots do.
 */
import { plotsHeldBy, pricePerPlotCents, type CellWithId } from '@parroquia/domain';
import { useTranslation } from 'react-i18next';
import { formatLastDay, formatMoney } from '@/lib/format';
import styles from './my-plots.module.css';
import { currentLanguage } from '@/lib/i18n';

export function MyPlots({
  cells,
  uid,
  now,
  busy,
  onComplete,
}: {
  cells: ReadonlyMap<string, CellWithId>;
  uid: string | null;
  now: number;
  busy: boolean;
  onComplete: (code: string) => void;
}) {
  const { t } = useTranslation();
  if (!uid) return null;
  const mine = plotsHeldBy([...cells.values()], uid, now);
  if (mine.length === 0) return null;
  const rest = formatMoney(pricePerPlotCents('complete'), currentLanguage());
  return (
    <section className={styles.panel} aria-labelledby="my-plots-title" data-testid="my-plots">
      <h2 id="my-plots-title" className={styles.title}>
        {t('map.myPlots.title')}
      </h2>
      <ul className={styles.list}>
        {mine.map((cell) => (
          <li key={cell.id} className={styles.item} data-plot={cell.id}>
            <span className={styles.code}>{cell.id}</span>
            {cell.status === 'bought' || cell.reserved_until === null ? (
              <span>{t('map.myPlots.bought')}</span>
            ) : (
              <>
                <span>
                  {t('map.myPlots.reservedUntil', {
                    date: formatLastDay(cell.reserved_until, currentLanguage()),
                  })}
                </span>
                <button
                  type="button"
                  className={styles.complete}
                  disabled={busy}
                  onClick={() => onComplete(cell.id)}
                >
                  {t('map.myPlots.completeNow', { price: rest })}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
