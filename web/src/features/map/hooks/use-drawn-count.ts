/**
 * How many of the map's `total` plots to draw so far: a first slice with the page, then one
 * slice a task, each short, until all are drawn. Drawing 936 plots at once blocks a phone's main
 * thread for most of a second (taps wait); in slices, the browser answers taps between them.
 * Each slice is sized from the last one's time to take about SLICE_MS, on a fast machine or a
 * slow phone alike. The next slice is not held for the next frame: waiting for each frame made
 * the whole map take four times longer on a phone's screen (docs/architecture.md).
 *
 * `complete` turns true once every plot has been drawn and stays true (a plot added later does
 * not take it back): the map keeps its plots out of the layout until then (plot-map.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

export const FIRST_SLICE = 40;
/** Well under the 50 ms after which a task counts as blocking, on a 4x slower phone too. */
const SLICE_MS = 5;
const MIN_SLICE = 16;
const MAX_SLICE = 400;

export interface DrawnCount {
  drawn: number;
  /** Every plot has been drawn once. */
  complete: boolean;
}

export function useDrawnCount(total: number): DrawnCount {
  const [state, setState] = useState<DrawnCount>(() => {
    const drawn = Math.min(total, FIRST_SLICE);
    return { drawn, complete: drawn >= total };
  });
  // The first timed slice is small: the plots' code is not yet warm, and a slice sized from the
  // first one drawn with the page took a phone's main thread 140 ms (Lighthouse's trace).
  const slice = useRef(MIN_SLICE);

  const { drawn } = state;
  useEffect(() => {
    if (drawn >= total) return;
    const timer = setTimeout(() => {
      const started = performance.now();
      flushSync(() =>
        setState((current) => {
          const next = Math.min(total, current.drawn + slice.current);
          return { drawn: next, complete: current.complete || next >= total };
        }),
      );
      const took = Math.max(performance.now() - started, 0.5);
      slice.current = Math.round(
        Math.min(MAX_SLICE, Math.max(MIN_SLICE, (slice.current * SLICE_MS) / took)),
      );
    });
    return () => clearTimeout(timer);
  }, [drawn, total]);

  return { drawn: Math.min(drawn, total), complete: state.complete || drawn >= total };
}
