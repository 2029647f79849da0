/**
 * The names of the church's parts written on the plan (altar, iconostasis, nave, narthex,
 * entrance) in the page's language, over the plots so that a taken plot never hides one. Each
 * is centred on a line between two rows of plots (domain/src/church-plan.ts): its capitals fill
 * the gap between one plot's caption and the next one's code, so no plot's text is covered; and
 * it takes no pointer. Zoomed out past the default, where the plots' texts are too small to read
 * anyway, the names keep their size on screen. Hidden from screen readers, like the drawing: the
 * plot details name a plot's part of the church in words (plot-details.tsx).
 */
import { CHURCH_PLAN_COLOURS, CHURCH_ZONE_LABELS, CHURCH_ZONES } from '@parroquia/domain';
import { memo, useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_READABLE_ZOOM, type MapZoom } from '../map-zoom';
import styles from './plot-map.module.css';

/** In map units, at the default zoom or closer (plot-map.module.css). */
const LABEL_SIZE = 17.5;

/**
 * `zoom` is set by the map's layout effect, before this component's effects run. Memoised: the
 * map renders once per slice of plots it draws.
 */
export const ChurchZoneLabels = memo(function ChurchZoneLabels({
  zoom,
}: {
  zoom: RefObject<MapZoom | null>;
}) {
  const { t } = useTranslation();
  const group = useRef<SVGGElement>(null);
  useEffect(() => {
    const current = zoom.current;
    const element = group.current;
    if (!current || !element) return;
    // On the DOM, as the zoom itself: five texts restyled, no render of the map.
    const follow = () => {
      const grow = Math.max(1, MIN_READABLE_ZOOM / current.scale);
      element.style.fontSize = `${LABEL_SIZE * grow}px`;
    };
    follow();
    return current.subscribe(follow);
  }, [zoom]);
  return (
    <g
      ref={group}
      aria-hidden="true"
      className={styles.zoneLabels}
      fill={CHURCH_PLAN_COLOURS.label}
      stroke={CHURCH_PLAN_COLOURS.floor}
    >
      {CHURCH_ZONES.map((zone) => (
        <text
          key={zone}
          x={CHURCH_ZONE_LABELS[zone].x}
          y={CHURCH_ZONE_LABELS[zone].y}
          dy="0.36em"
          data-zone-label={zone}
        >
          {t(`map.zones.${zone}`)}
        </text>
      ))}
    </g>
  );
});
