/**
 * The whole plan at once, to look at only (the church hall's screen, docs/screens.md): the same
 * drawing as the map (floor plan, plots drawn by `PlotLayer`, zones' names) scaled to fill its
 * box, with nothing to click, zoom or focus: no selection, no popover, no tab stop. The plots'
 * small codes and captions are left out (unreadable at this scale and from across a hall); their
 * colours say the states, and the accessible names stay.
 */
import { MAP_HEIGHT_PX, MAP_WIDTH_PX, plotSeenBy, type CellWithId } from '@parroquia/domain';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHURCH_PLAN_IMAGE_URL } from '@/config/church-plan-image';
import type { MapZoom } from '../map-zoom';
import { type PlotView } from '../plot-layer';
import { usePlotLayer } from '../hooks/use-plot-layer';
import { compareReadingOrder } from '../reading-order';
import { ChurchFloorPlan } from './church-floor-plan';
import { HeldStripesPattern } from './held-stripes';
import { ChurchZoneLabels } from './church-zone-labels';
import mapStyles from './plot-map.module.css';
import styles from './whole-plan.module.css';

/** No zoom here: the zones' names keep the size this module's CSS gives them. */
const NO_ZOOM = { current: null as MapZoom | null };

export interface WholePlanProps {
  cells: ReadonlyMap<string, CellWithId>;
  now: number;
  /** The drawing's accessible name (the map's speaks of keys this one has no use for). */
  label: string;
  /** Plots drawn as selected (a payment link's, on its payer's page); none by default. */
  marked?: ReadonlySet<string>;
}

export function WholePlan({ cells, now, label, marked }: WholePlanProps) {
  const { t } = useTranslation();
  const plots = useRef<SVGGElement>(null);
  const layerRef = usePlotLayer(plots, mapStyles);
  const ordered = useMemo(() => [...cells.values()].sort(compareReadingOrder), [cells]);
  const words = useMemo(
    () => ({
      available: t('map.status.available'),
      held: t('map.status.held'),
      reserved: t('map.status.reserved'),
      bought: t('map.status.bought'),
    }),
    [t],
  );

  useLayoutEffect(() => {
    layerRef.current?.update(
      ordered.map((cell): PlotView => {
        // Nobody signed in: the plan as any visitor sees it, names only as `donor_display`.
        const { cell: shown, donor } = plotSeenBy(cell, null, now);
        const stateWord = words[shown.status];
        return {
          cell,
          status: shown.status,
          donor,
          caption: donor ?? stateWord,
          details: donor ? stateWord : '',
          selectable: false,
          selected: marked?.has(cell.id) ?? false,
          own: false,
          focusable: false,
        };
      }),
    );
  }, [layerRef, ordered, now, words, marked]);

  return (
    <svg
      className={styles.plan}
      viewBox={`0 0 ${MAP_WIDTH_PX} ${MAP_HEIGHT_PX}`}
      preserveAspectRatio="xMidYMid meet"
      role="group"
      aria-label={label}
      data-testid="whole-plan"
    >
      <HeldStripesPattern />
      <ChurchFloorPlan image={CHURCH_PLAN_IMAGE_URL} />
      <g ref={plots} />
      <ChurchZoneLabels zoom={NO_ZOOM} />
    </svg>
  );
}
