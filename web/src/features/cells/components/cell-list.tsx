import { useTranslation } from 'react-i18next';
import type { Cell } from '../api/get-cells';
import styles from './cells.module.css';

/** Every plot with its code and who holds it; a stand-in until the map arrives. */
export function CellList({ cells }: { cells: readonly Cell[] }) {
  const { t } = useTranslation();

  return (
    <ul className={styles.list} data-testid="cell-list" aria-label={t('cells.listLabel')}>
      {cells.map((cell) => (
        <li
          key={cell.id}
          className={styles.cell}
          data-testid={`cell-${cell.id}`}
          data-status={cell.status}
        >
          <span className={styles.code}>{cell.id}</span>
          <span className={styles.detail} title={cell.donor_display ?? undefined}>
            {cell.donor_display ? (
              <>
                <span className="visually-hidden">{t(`cells.status.${cell.status}`)}: </span>
                {cell.donor_display}
              </>
            ) : (
              t(`cells.status.${cell.status}`)
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
