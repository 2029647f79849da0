import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SLICE, useDrawnCount } from './use-drawn-count';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDrawnCount', () => {
  it('draws a first slice at once, then more a task at a time, complete when all are drawn', () => {
    const { result } = renderHook(() => useDrawnCount(936));
    expect(result.current).toEqual({ drawn: FIRST_SLICE, complete: false });
    const seen = [result.current.drawn];
    for (let task = 0; task < 200 && result.current.drawn < 936; task += 1) {
      expect(result.current.complete).toBe(false);
      act(() => vi.advanceTimersToNextTimer());
      seen.push(result.current.drawn);
    }
    expect(result.current).toEqual({ drawn: 936, complete: true });
    // Each task added some plots, never all the rest at once from the start.
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
    expect(seen.length).toBeGreaterThan(2);
  });

  it('draws a small map at once, and stops when everything is drawn', () => {
    const { result } = renderHook(() => useDrawnCount(4));
    expect(result.current).toEqual({ drawn: 4, complete: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stays complete when a plot is added later, and draws it', () => {
    const { result, rerender } = renderHook(({ total }) => useDrawnCount(total), {
      initialProps: { total: 4 },
    });
    rerender({ total: 5 });
    expect(result.current).toEqual({ drawn: 4, complete: true });
    act(() => vi.advanceTimersToNextTimer());
    expect(result.current).toEqual({ drawn: 5, complete: true });
  });
});
