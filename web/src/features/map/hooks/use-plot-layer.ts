/**
 * The plots' layer (plot-layer.ts) on a drawing's `<g>`, made once the group is in the DOM and
 * stopped when the drawing goes: the map's and the hall screen's whole plan. The caller updates it
 * with the plots' views (`layer.current?.update`).
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { PlotLayer, type PlotClasses } from '../plot-layer';

export function usePlotLayer(group: RefObject<SVGGElement | null>, classes: PlotClasses) {
  const layer = useRef<PlotLayer | null>(null);
  useLayoutEffect(() => {
    if (!group.current) return;
    const made = new PlotLayer(group.current, classes);
    layer.current = made;
    return () => {
      made.stop();
      layer.current = null;
    };
    // Made once per mounted group: the CSS module's classes never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return layer;
}
