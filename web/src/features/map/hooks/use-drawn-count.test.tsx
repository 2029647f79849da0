// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SLICE, nextSliceSize, useDrawnCount } from './use-drawn-count';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDrawnCount', () => {
  it('draws a first slice at once, then more a task at a time, until all are drawn', () => {
    const { result } = renderHook(() => useDrawnCount(936));
    expect(result.current).toBe(FIRST_SLICE);
    const seen = [result.current];
    for (let task = 0; task < 200 && result.current < 936; task += 1) {
      act(() => {
        vi.advanceTimersToNextTimer();
      });
      seen.push(result.current);
    }
    expect(result.current).toBe(936);
    // Each task added some plots, never all the rest at once from the start.
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
    expect(seen.length).toBeGreaterThan(2);
  });

  it('draws a small map at once, and stops when everything is drawn', () => {
    const { result } = renderHook(() => useDrawnCount(4));
    expect(result.current).toBe(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("sizes the next slice to the last one's pace, growing at most twofold", () => {
    expect(nextSliceSize(16, 0)).toBe(32);
    expect(nextSliceSize(100, 1)).toBe(200);
    expect(nextSliceSize(100, 10)).toBe(50);
    expect(nextSliceSize(100, 1000)).toBe(16);
    expect(nextSliceSize(300, 1)).toBe(400);
  });
});
