import { useTranslation } from 'react-i18next';
import { CELL_STATUSES, type Cell, type CellStatus } from '../api/get-cells';
import styles from './cells.module.css';

export function countByStatus(cells: readonly Cell[]): Record<CellStatus, number> {
  const counts: Record<CellStatus, number> = { available: 0, held: 0, reserved: 0, bought: 0 };
  for (const cell of cells) counts[cell.status] += 1;
  return counts;
}

export function CellStatusSummary({ cells }: { cells: readonly Cell[] }) {
  const { t } = useTranslation();
  const counts = countByStatus(cells);

  return (
    <div className={styles.summary}>
      <p className={styles.total}>{t('cells.total', { count: cells.length })}</p>
      <dl className={styles.counts} aria-label={t('cells.summaryLabel')}>
        {CELL_STATUSES.map((status) => (
          <div
            key={status}
            className={styles.count}
            data-status={status}
            data-count={counts[status]}
          >
            <dt>
              <span className={styles.dot} aria-hidden />
              {t(`cells.statusPlural.${status}`)}
            </dt>
            <dd>{counts[status]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
