/**
 * The map (docs/screens.md): the church floor plan with its grid of plots and the names of the
 * church's parts, 1300 x 2100 map units, in a frame that zooms and pans (see map-zoom.ts) with
 * the zoom buttons above it and the details popover beside the plot in hand. Nothing that takes
 * the pointer is laid over the plots (the zones' names do not). Keyboard: arrow keys move
 * between plots (the frame scrolls to the focused one), Space or Enter toggles it, + and − zoom,
 * 0 goes back to the default zoom (one tab stop for the whole map).
 */
import {
  COLUMN_LETTERS,
  plotSeenBy,
  GRID_ROWS,
  MAP_HEIGHT_PX,
  MAP_WIDTH_PX,
  type CellStatus,
  type CellWithId,
  type SelectionKind,
} from '@parroquia/domain';
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivePlotStore } from '../active-plot';
import { compareReadingOrder } from '../reading-order';
import { MapZoom, ZOOM_STEP } from '../map-zoom';
import { type PlotView } from '../plot-layer';
import { usePlotLayer } from '../hooks/use-plot-layer';
import { isSelected, selectableAs, type PlotSelection, type SelectionMode } from '../selection';
import { CHURCH_PLAN_IMAGE_URL } from '@/config/church-plan-image';
import { ChurchFloorPlan } from './church-floor-plan';
import { HeldStripesPattern } from './held-stripes';
import { ChurchZoneLabels } from './church-zone-labels';
import { PlotDetails } from './plot-details';
import { ZoomControls } from './zoom-controls';
import styles from './plot-map.module.css';

export interface PlotMapProps {
  cells: ReadonlyMap<string, CellWithId>;
  selection: PlotSelection;
  onToggle: (code: string, kind: SelectionKind) => void;
  mode: SelectionMode;
  uid: string | null;
  now: number;
  /** A plot to bring to the middle of the frame when the map opens (picked in the list). */
  reveal?: string | null;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

const codeOf = (target: EventTarget | null): string | null =>
  target instanceof Element
    ? (target.closest('[data-code]')?.getAttribute('data-code') ?? null)
    : null;

export function PlotMap({ cells, selection, onToggle, mode, uid, now, reveal }: PlotMapProps) {
  const { t } = useTranslation();
  const detailsId = useId();
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const drawing = useRef<SVGSVGElement>(null);
  const zoomRef = useRef<MapZoom | null>(null);
  const [active] = useState(() => new ActivePlotStore());
  const ordered = useMemo(() => [...cells.values()].sort(compareReadingOrder), [cells]);
  const plots = useRef<SVGGElement>(null);
  const layerRef = usePlotLayer(plots, styles);
  // Looked up once per language, not once per plot: 936 plots render at a time.
  const words = useMemo(
    () => ({
      status: {
        available: t('map.status.available'),
        held: t('map.status.held'),
        reserved: t('map.status.reserved'),
        bought: t('map.status.bought'),
      } satisfies Record<CellStatus, string>,
      yours: t('map.yours'),
      selected: t('map.selectedWord'),
    }),
    [t],
  );
  const [focusedCode, setFocusedCode] = useState<string | null>(null);
  const tabStop = focusedCode && cells.has(focusedCode) ? focusedCode : (ordered[0]?.id ?? null);

  // The zoom is the DOM's (see map-zoom.ts): set up once, at the default zoom.
  useLayoutEffect(() => {
    if (!frame.current || !drawing.current) return;
    const created = new MapZoom(frame.current, drawing.current);
    created.start();
    zoomRef.current = created;
    const detach = created.attach();
    return () => {
      detach();
      zoomRef.current = null;
    };
  }, []);
  // The plots are the DOM's too (see plot-layer.ts): drawn in slices, in reading order (the top
  // rows, in view when the map opens, first), then patched where a plot's view changed.
  useLayoutEffect(() => {
    layerRef.current?.update(
      ordered.map((cell): PlotView => {
        const { cell: shown, own, donor } = plotSeenBy(cell, uid, now);
        const kind = selectableAs(cell, mode, uid, now);
        const stateWord = words.status[shown.status];
        const selected = isSelected(selection, cell.id);
        const details = [
          donor ? stateWord : null,
          own ? words.yours : null,
          selected ? words.selected : null,
        ]
          .filter(Boolean)
          .join(', ');
        return {
          cell,
          status: shown.status,
          donor,
          caption: donor ?? stateWord,
          details,
          selectable: kind !== null,
          selected,
          own,
          focusable: cell.id === tabStop,
        };
      }),
    );
  }, [layerRef, ordered, selection, mode, uid, now, words, tabStop]);
  // Once per plot to reveal, as soon as its slice is drawn.
  const revealed = useRef<string | null>(null);
  useLayoutEffect(() => {
    const scroller = frame.current;
    const layer = layerRef.current;
    if (!reveal || !scroller || !layer || revealed.current === reveal) return;
    const bring = () => {
      const target = scroller.querySelector(`[data-code="${reveal}"]`);
      if (!target || revealed.current === reveal) return;
      revealed.current = reveal;
      const view = scroller.getBoundingClientRect();
      const box = target.getBoundingClientRect();
      scroller.scrollLeft += box.left + box.width / 2 - (view.left + view.width / 2);
      scroller.scrollTop += box.top + box.height / 2 - (view.top + view.height / 2);
    };
    bring();
    if (revealed.current === reveal) return;
    const stopListening = layer.onDrawn(bring);
    return () => {
      stopListening();
    };
  }, [layerRef, reveal]);

  const toggle = (code: string) => {
    const cell = cells.get(code);
    if (!cell) return;
    const kind = selectableAs(cell, mode, uid, now);
    if (kind) onToggle(code, kind);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = zoomRef.current;
    if (current && !event.ctrlKey && !event.metaKey && !event.altKey) {
      if (event.key === '+' || event.key === '=') {
        event.preventDefault();
        current.zoomBy(ZOOM_STEP, focusPoint(event.target));
        return;
      }
      if (event.key === '-' || event.key === '_') {
        event.preventDefault();
        current.zoomBy(1 / ZOOM_STEP, focusPoint(event.target));
        return;
      }
      if (event.key === '0') {
        event.preventDefault();
        current.reset();
        return;
      }
    }
    if (event.key === 'Escape') {
      active.hide();
      return;
    }
    const code = codeOf(event.target);
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
    frame.current?.querySelector<SVGGElement>(`[data-code="${next}"]`)?.focus();
  };

  return (
    <div className={styles.mapArea}>
      <ZoomControls zoomRef={zoomRef} />
      <div ref={stage} className={styles.stage} onKeyDown={onKeyDown}>
        <div ref={frame} className={styles.frame} data-testid="plot-map">
          <svg
            ref={drawing}
            className={styles.map}
            viewBox={`0 0 ${MAP_WIDTH_PX} ${MAP_HEIGHT_PX}`}
            width={MAP_WIDTH_PX}
            height={MAP_HEIGHT_PX}
            role="group"
            aria-label={t('map.mapLabel')}
            onClick={(event) => {
              const code = codeOf(event.target);
              if (!code) return;
              setFocusedCode(code);
              toggle(code);
              const pointer = (event.nativeEvent as PointerEvent).pointerType;
              if (pointer && pointer !== 'mouse') active.show(code, 'tap');
            }}
            onPointerOver={(event) => {
              const code = codeOf(event.target);
              if (code && event.pointerType === 'mouse') active.show(code, 'hover');
            }}
            onPointerLeave={() => active.hide('hover')}
            onFocus={(event) => {
              const code = codeOf(event.target);
              if (code) active.show(code, 'focus');
            }}
            onBlur={(event) => {
              if (!codeOf(event.relatedTarget)) active.hide('focus');
            }}
          >
            <HeldStripesPattern />
            <ChurchFloorPlan image={CHURCH_PLAN_IMAGE_URL} />
            {/* The plots (plot-layer.ts): slices appended at the end, under the zones' names. */}
            <g ref={plots} />
            <ChurchZoneLabels zoom={zoomRef} />
          </svg>
        </div>
        <PlotDetails
          id={detailsId}
          store={active}
          stage={stage}
          frame={frame}
          zoom={zoomRef}
          cells={cells}
          selection={selection}
          mode={mode}
          uid={uid}
          now={now}
        />
      </div>
    </div>
  );
}

/** The centre of the focused plot, to zoom about it with the keyboard (else the frame's). */
function focusPoint(target: EventTarget | null): { x: number; y: number } | undefined {
  if (!(target instanceof Element) || !target.closest('[data-code]')) return undefined;
  const box = target.closest('[data-code]')!.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
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
