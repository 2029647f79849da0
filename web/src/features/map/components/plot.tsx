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
  /** Read by screen readers after the code and caption (state, "yours", "selected"). */
  details: string;
  selectable: boolean;
  selected: boolean;
  own: boolean;
  focusable: boolean;
}

/** Captions longer than this are squeezed into the plot, never cut: the text is the name. */
const CAPTION_FITS = 10;
const CAPTION_WIDTH = 48;

export const Plot = memo(function Plot(props: PlotProps) {
  const { code, cell, status, caption, details, selectable, selected, own, focusable } = props;
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
      <text
        x={centreX}
        y={box.top + 40}
        className={styles.caption}
        {...(caption.length > CAPTION_FITS
          ? { textLength: CAPTION_WIDTH, lengthAdjust: 'spacingAndGlyphs' }
          : {})}
      >
        {caption}
      </text>
      {/* The accessible name is the visible text plus these words, invisible on the map. */}
      {details && (
        <text x={centreX} y={box.top + 50} className={styles.details}>
          {` (${details})`}
        </text>
      )}
    </g>
  );
});
