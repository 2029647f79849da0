/**
 * One plot on the map: its square, its code and who holds it. Memoised on its cell object,
 * which the live listener replaces only when the plot changed.
 *
 * Available plots show only their code over the church drawing (their colour says the rest);
 * taken ones show the donor on up to two readable lines, cut with "…" when longer. The accessible
 * name comes from one invisible text with the code, the whole caption and the words the eye does
 * not need (the state of an available plot, "yours", "selected"); the visible texts are hidden
 * from screen readers. One text for it, not several: each SVG text costs layout on 936 plots.
 * Not an `aria-label`: a label that differs from the visible text (a name cut into lines) fails
 * WCAG's label-in-name rule (axe's label-content-name-mismatch).
 */
import { plotPixelBox, type Cell, type CellStatus } from '@parroquia/domain';
import { memo } from 'react';
import { captionLines } from '../caption-lines';
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

export const Plot = memo(function Plot(props: PlotProps) {
  const { code, cell, status, donor, caption, details, selectable, selected, own, focusable } =
    props;
  const box = plotPixelBox(cell);
  const centreX = box.left + box.width / 2;
  const centreY = box.top + box.height / 2;
  const lines = donor ? captionLines(caption) : [];
  const right = box.left + box.width;
  return (
    <g
      data-code={code}
      data-status={status}
      data-selected={selected || undefined}
      data-own={own || undefined}
      className={[
        styles.plot,
        styles[status],
        own ? styles.own : '',
        selected ? styles.selected : '',
        selectable ? styles.selectable : '',
      ].join(' ')}
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
      {own && (
        <path
          d={`M${box.left + 2} ${box.top + 2}h16l-16 16z`}
          className={styles.ownMark}
          aria-hidden="true"
        />
      )}
      {selected && (
        <g aria-hidden="true" className={styles.check}>
          <circle cx={right - 10} cy={box.top + 10} r="8" />
          <path d={`M${right - 14} ${box.top + 10}l3 3l6 -6`} />
        </g>
      )}
      <text
        x={centreX}
        y={lines.length === 0 ? centreY + 5 : box.top + 18}
        className={styles.code}
        aria-hidden="true"
      >
        {code}
      </text>
      {lines.length > 0 && (
        <text className={styles.caption} aria-hidden="true">
          {lines.map((line, index) => (
            <tspan
              key={index}
              x={centreX}
              y={box.top + (lines.length === 1 ? 37 : 32) + index * 13}
            >
              {line}
            </tspan>
          ))}
        </text>
      )}
      {/* The accessible name, one invisible text (the visible ones may be cut): name from content. */}
      <text x={centreX} y={centreY} className={styles.name}>
        {`${code} ${caption}${details ? ` (${details})` : ''}`}
      </text>
    </g>
  );
});
