/**
 * The map (docs/screens.md): the church floor plan with its grid of plots, 1300 x 2100, scrolled to
 * the centre on narrow screens. Keyboard: arrow keys move between plots, Space or Enter
 * toggles the focused one (one tab stop for the whole map).
 */
import {
  COLUMN_LETTERS,
  comparePlotPositions,
  effectiveCell,
  GRID_ROWS,
  MAP_HEIGHT_PX,
  MAP_WIDTH_PX,
  type CellWithId,
  type SelectionKind,
} from '@parroquia/domain';
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isSelected, selectableAs, type PlotSelection, type SelectionMode } from '../selection';
import { ChurchFloorPlan } from './church-floor-plan';
import { Plot } from './plot';
import styles from './plot-map.module.css';

export interface PlotMapProps {
  cells: ReadonlyMap<string, CellWithId>;
  selection: PlotSelection;
  onToggle: (code: string, kind: SelectionKind) => void;
  mode: SelectionMode;
  uid: string | null;
  now: number;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function PlotMap({ cells, selection, onToggle, mode, uid, now }: PlotMapProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const ordered = useMemo(() => [...cells.values()].sort(comparePlotPositions), [cells]);
  const [focusedCode, setFocusedCode] = useState<string | null>(null);
  const tabStop = focusedCode && cells.has(focusedCode) ? focusedCode : (ordered[0]?.id ?? null);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = (element.scrollWidth - element.clientWidth) / 2;
  }, []);

  const toggle = (code: string) => {
    const cell = cells.get(code);
    if (!cell) return;
    const kind = selectableAs(cell, mode, uid, now);
    if (kind) onToggle(code, kind);
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const code = (event.target as Element).getAttribute('data-code');
    if (!code) return;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      toggle(code);
      return;
    }
    const step = ARROWS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = neighbour(cells, code, step);
    if (!next) return;
    setFocusedCode(next);
    scroller.current?.querySelector<SVGGElement>(`[data-code="${next}"]`)?.focus();
  };

  return (
    <div ref={scroller} className={styles.scroller} data-testid="plot-map">
      <svg
        className={styles.map}
        viewBox={`0 0 ${MAP_WIDTH_PX} ${MAP_HEIGHT_PX}`}
        width={MAP_WIDTH_PX}
        height={MAP_HEIGHT_PX}
        role="group"
        aria-label={t('map.mapLabel')}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          const code = (event.target as Element).closest('[data-code]')?.getAttribute('data-code');
          if (code) {
            setFocusedCode(code);
            toggle(code);
          }
        }}
      >
        <defs>
          <pattern
            id="held-stripes"
            width="10"
            height="10"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="10" height="10" fill="#cfd8dc" />
            <rect width="4" height="10" fill="#90a4ae" />
          </pattern>
        </defs>
        <ChurchFloorPlan />
        {ordered.map((cell) => {
          const shown = effectiveCell(cell, now);
          const kind = selectableAs(cell, mode, uid, now);
          const own = uid !== null && shown.user === uid && shown.status !== 'available';
          const donor =
            shown.status === 'reserved' || shown.status === 'bought' ? shown.donor_display : null;
          const stateWord = t(`map.status.${shown.status}`);
          const caption = donor ?? stateWord;
          const selected = isSelected(selection, cell.id);
          const details = [
            donor ? stateWord : null,
            own ? t('map.yours') : null,
            selected ? t('map.selectedWord') : null,
          ]
            .filter(Boolean)
            .join(', ');
          return (
            <Plot
              key={cell.id}
              code={cell.id}
              cell={cell}
              status={shown.status}
              donor={donor}
              caption={caption}
              details={details}
              selectable={kind !== null}
              selected={selected}
              own={own}
              focusable={cell.id === tabStop}
            />
          );
        })}
      </svg>
    </div>
  );
}

/** The nearest plot in the arrow's direction (skipping positions that are not plots). */
function neighbour(
  cells: ReadonlyMap<string, CellWithId>,
  code: string,
  [dx, dy]: [number, number],
): string | null {
  const from = cells.get(code);
  if (!from) return null;
  const letters = COLUMN_LETTERS;
  let column = letters.indexOf(from.x);
  let row = from.y;
  for (;;) {
    column += dx;
    row += dy;
    if (column < 0 || column >= letters.length || row < 1 || row > GRID_ROWS) return null;
    const candidate = `${letters[column]}${row}`;
    if (cells.has(candidate)) return candidate;
  }
}
