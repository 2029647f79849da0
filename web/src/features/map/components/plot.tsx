/**
 * One plot on the map: its square, its code and who holds it. Memoised on its cell object,
 * which the live listener replaces only when the plot changed.
 */
import { plotPixelBox, type Cell, type CellStatus } from '@parroquia/domain';
import { memo } from 'react';
import styles from './plot-map.module.css';

export interface PlotProps {
  code: string;
  cell: Cell;
  /** The status to show (a lapsed hold shows as available). */
  status: CellStatus;
  /** The donor's display, when it may be shown. */
  donor: string | null;
  caption: string;
  label: string;
  selectable: boolean;
  selected: boolean;
  own: boolean;
  focusable: boolean;
}

const MAX_CAPTION = 10;

function shorten(text: string): string {
  return text.length > MAX_CAPTION ? `${text.slice(0, MAX_CAPTION - 1)}…` : text;
}

export const Plot = memo(function Plot(props: PlotProps) {
  const { code, cell, status, caption, label, selectable, selected, own, focusable } = props;
  const box = plotPixelBox(cell);
  const centreX = box.left + box.width / 2;
  const centreY = box.top + box.height / 2;
  return (
    <g
      data-code={code}
      data-status={status}
      data-selected={selected || undefined}
      className={[
        styles.plot,
        styles[status],
        own ? styles.own : '',
        selected ? styles.selected : '',
        selectable ? styles.selectable : '',
      ].join(' ')}
      style={{ transformOrigin: `${centreX}px ${centreY}px` }}
      role="button"
      tabIndex={focusable ? 0 : -1}
      aria-label={label}
      aria-pressed={selectable ? selected : undefined}
      aria-disabled={selectable ? undefined : true}
    >
      <rect
        x={box.left + 1.5}
        y={box.top + 1.5}
        width={box.width - 3}
        height={box.height - 3}
        rx="4"
        className={styles.square}
      />
      <text x={centreX} y={box.top + 22} className={styles.code}>
        {code}
      </text>
      <text x={centreX} y={box.top + 40} className={styles.caption}>
        {shorten(caption)}
      </text>
    </g>
  );
});
