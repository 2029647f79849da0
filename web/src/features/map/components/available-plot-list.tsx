/**
 * The map as a list (an alternative to the picture for screen readers and small screens): the
 * plots that can be selected, each a toggle button.
 */
import {
  comparePlotPositions,
  effectiveCell,
  type CellWithId,
  type SelectionKind,
} from '@parroquia/domain';
import { useTranslation } from 'react-i18next';
import { isSelected, selectableAs, type PlotSelection, type SelectionMode } from '../selection';
import styles from './donation-map.module.css';

interface AvailablePlotListProps {
  cells: ReadonlyMap<string, CellWithId>;
  selection: PlotSelection;
  onToggle: (code: string, kind: SelectionKind) => void;
  mode: SelectionMode;
  uid: string | null;
  now: number;
}

export function AvailablePlotList({
  cells,
  selection,
  onToggle,
  mode,
  uid,
  now,
}: AvailablePlotListProps) {
  const { t } = useTranslation();
  const selectable = [...cells.values()].sort(comparePlotPositions).flatMap((cell) => {
    const kind = selectableAs(cell, mode, uid, now);
    return kind ? [{ cell, kind }] : [];
  });
  if (selectable.length === 0) return <p>{t('map.listEmpty')}</p>;
  return (
    <ul className={styles.list} aria-label={t('map.listLabel')} data-testid="plot-list">
      {selectable.map(({ cell, kind }) => (
        <li key={cell.id}>
          <button
            type="button"
            className={styles.listItem}
            aria-pressed={isSelected(selection, cell.id)}
            onClick={() => onToggle(cell.id, kind)}
          >
            {cell.id} · {t(`map.status.${effectiveCell(cell, now).status}`)}
            {kind === 'completion' ? ` · ${t('map.yours')}` : ''}
          </button>
        </li>
      ))}
    </ul>
  );
}
