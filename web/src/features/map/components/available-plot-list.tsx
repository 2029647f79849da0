/**
 * The map as a list (docs/screens.md), for screen readers, small screens and finding a plot:
 * search by code or donor, filter "available" / "mine" / all, grouped by row. Each entry names
 * the plot's place and state; a plot that can be picked is a toggle button sharing the map's
 * selection, the others are plain text.
 */
import type { CellWithId, SelectionKind } from '@parroquia/domain';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listEntries, type ListEntry, type ListFilter } from '../plot-list-entries';
import { isSelected, type PlotSelection, type SelectionMode } from '../selection';
import styles from './donation-map.module.css';

interface AvailablePlotListProps {
  cells: ReadonlyMap<string, CellWithId>;
  selection: PlotSelection;
  onToggle: (code: string, kind: SelectionKind) => void;
  mode: SelectionMode;
  uid: string | null;
  now: number;
}

const FILTERS: readonly ListFilter[] = ['available', 'mine', 'all'];

export function AvailablePlotList({
  cells,
  selection,
  onToggle,
  mode,
  uid,
  now,
}: AvailablePlotListProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<ListFilter>('available');
  const deferredQuery = useDeferredValue(query);
  const groups = useMemo(
    () => listEntries(cells, { filter, query: deferredQuery, mode, uid, now }),
    [cells, filter, deferredQuery, mode, uid, now],
  );
  const total = groups.reduce((sum, group) => sum + group.entries.length, 0);

  /** "K3 · row 3, column K · Reserved, yours · Ana García", the code in bold. */
  const describe = (entry: ListEntry) => (
    <>
      <strong>{entry.cell.id}</strong>
      {[
        '',
        t('map.place', { row: entry.cell.y, column: entry.cell.x }),
        t(`map.status.${entry.status}`) + (entry.own ? `, ${t('map.yours')}` : ''),
        entry.donor,
      ]
        .filter((part) => part !== null)
        .join(' · ')}
    </>
  );

  return (
    <div className={styles.listView}>
      <div className={styles.listControls}>
        <label className={styles.search}>
          <span>{t('map.list.search')}</span>
          <input
            type="search"
            value={query}
            placeholder={t('map.list.searchPlaceholder')}
            onChange={(event) => setQuery(event.target.value)}
            data-testid="plot-search"
          />
        </label>
        <fieldset className={styles.filters}>
          <legend>{t('map.list.filterLabel')}</legend>
          {FILTERS.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name={`${id}-filter`}
                value={value}
                checked={filter === value}
                onChange={() => setFilter(value)}
              />
              {t(`map.list.filter.${value}`)}
            </label>
          ))}
        </fieldset>
      </div>
      <p className={styles.listCount} role="status">
        {total === 0
          ? filter === 'available' && deferredQuery === ''
            ? t('map.listEmpty')
            : t('map.list.noMatches')
          : t('map.list.count', { count: total })}
      </p>
      <div aria-label={t('map.listLabel')} role="region" data-testid="plot-list">
        {groups.map((group) => (
          <section key={group.row} aria-labelledby={`${id}-row-${group.row}`}>
            <h2 id={`${id}-row-${group.row}`} className={styles.rowHeading}>
              {t('map.list.row', { row: group.row })}
            </h2>
            <ul className={styles.list}>
              {group.entries.map((entry) => {
                const { kind } = entry;
                return (
                  <li key={entry.cell.id}>
                    {kind ? (
                      <button
                        type="button"
                        className={styles.listItem}
                        data-status={entry.status}
                        aria-pressed={isSelected(selection, entry.cell.id)}
                        onClick={() => onToggle(entry.cell.id, kind)}
                      >
                        {describe(entry)}
                      </button>
                    ) : (
                      <span className={styles.listItem} data-status={entry.status}>
                        {describe(entry)}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
