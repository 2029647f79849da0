/**
 * How many of the map's `total` plots to draw so far: a first slice with the page, then one
 * slice a task, each short, until all are drawn. Drawing 936 plots at once blocks a phone's main
 * thread for most of a second (taps wait); in slices, the browser paints and answers taps
 * between them, and the plots in view (the top rows, drawn first: reading-order.ts) show at
 * once. Each slice is sized from the last one's time to take about SLICE_MS, on a fast machine or
 * a slow phone alike. The next slice is not held for the next frame: waiting for each frame
 * made the whole map take four times longer on a phone's screen (docs/architecture.md).
 */
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

export const FIRST_SLICE = 40;
/** Well under the 50 ms after which a task counts as blocking, on a 4x slower phone too. */
const SLICE_MS = 5;
const MIN_SLICE = 16;
const MAX_SLICE = 400;

/**
 * The next slice's size from the last one's: as many plots as fit in SLICE_MS at the last one's
 * pace, but never more than twice as many. A slice that ran fast (warm code, plots without names)
 * said little of the next rows (taken plots with their donors' names cost more): growing from it
 * at once made slices of 20 ms on Lighthouse's trace, 80 ms of a 4x slower phone.
 */
export function nextSliceSize(size: number, tookMs: number): number {
  const atPace = (size * SLICE_MS) / Math.max(tookMs, 0.1);
  return Math.round(Math.min(MAX_SLICE, size * 2, Math.max(MIN_SLICE, atPace)));
}

export function useDrawnCount(total: number): number {
  const [drawn, setDrawn] = useState(() => Math.min(total, FIRST_SLICE));
  // The first timed slice is small: the plots' code is not yet warm, and a slice sized from the
  // first one drawn with the page took a phone's main thread 140 ms (Lighthouse's trace).
  const slice = useRef(MIN_SLICE);

  useEffect(() => {
    if (drawn >= total) return;
    const timer = setTimeout(() => {
      const started = performance.now();
      flushSync(() => setDrawn((count) => Math.min(total, count + slice.current)));
      slice.current = nextSliceSize(slice.current, performance.now() - started);
    });
    return () => clearTimeout(timer);
  }, [drawn, total]);

  return Math.min(drawn, total);
}
