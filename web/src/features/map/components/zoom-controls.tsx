/** The map's zoom buttons, above it (never over a plot), with the zoom as a percentage. */
import { memo, useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { touchFirst } from '@/lib/pointer';
import { MAX_ZOOM, ZOOM_STEP, type MapZoom } from '../map-zoom';
import styles from './plot-map.module.css';
import { currentLanguage } from '@/lib/i18n';

const NO_ZOOM = { subscribe: () => () => {}, getScale: () => 1 };

/**
 * `zoomRef` is set by the map's layout effect, which runs before this component's effects: the
 * buttons get their zoom with one render of their own, none of the map's. Memoised, and reading
 * no layout while rendering: the map renders once per slice of plots it draws.
 */
export const ZoomControls = memo(function ZoomControls({
  zoomRef,
}: {
  zoomRef: RefObject<MapZoom | null>;
}) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState<MapZoom | null>(null);
  useEffect(() => {
    setZoom(zoomRef.current);
  }, [zoomRef]);
  const source = zoom ?? NO_ZOOM;
  const scale = useSyncExternalStore(source.subscribe, source.getScale, source.getScale);
  const percent = formatNumber(Math.round(scale * 100), currentLanguage());
  return (
    <div className={styles.zoom} role="group" aria-label={t('map.zoom.label')}>
      <button
        type="button"
        className={styles.zoomButton}
        onClick={() => zoom?.zoomBy(1 / ZOOM_STEP)}
        disabled={!zoom || zoom.fitted}
        aria-label={t('map.zoom.out')}
        title={t('map.zoom.out')}
        data-testid="zoom-out"
      >
        −
      </button>
      <output className={styles.zoomLevel} aria-live="polite" data-testid="zoom-level">
        {percent} %
      </output>
      <button
        type="button"
        className={styles.zoomButton}
        onClick={() => zoom?.zoomBy(ZOOM_STEP)}
        disabled={!zoom || scale >= MAX_ZOOM - 0.001}
        aria-label={t('map.zoom.in')}
        title={t('map.zoom.in')}
        data-testid="zoom-in"
      >
        +
      </button>
      <button
        type="button"
        className={styles.zoomText}
        onClick={() => zoom?.fit()}
        data-testid="zoom-fit"
      >
        {t('map.zoom.fit')}
      </button>
      <button
        type="button"
        className={styles.zoomText}
        onClick={() => zoom?.reset()}
        data-testid="zoom-reset"
      >
        {t('map.zoom.reset')}
      </button>
      <span className={styles.zoomHint}>{t('map.orientation')}</span>
      {/* Zoomed in on a touch screen one finger scrolls the page (map-zoom.ts): said once here. */}
      {zoom && !zoom.fitted && touchFirst() && (
        <p className={styles.touchHint} data-testid="touch-hint">
          {t('map.touchHint')}
        </p>
      )}
    </div>
  );
});
