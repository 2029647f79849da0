/** What the benches print their figures with. */

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The nearest-rank `p`th percentile (0-100); NaN for no values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * A figure's target in brackets, as the benches print it beside the figure: "OVER" when a
 * ceiling is exceeded, "BELOW" when a floor is missed.
 */
export function target(value: number, bound: { atMost: number } | { atLeast: number }, unit = '') {
  const suffix = unit ? ` ${unit}` : '';
  if ('atMost' in bound)
    return `(target ≤ ${bound.atMost}${suffix}${value > bound.atMost ? ', OVER' : ''})`;
  return `(target ≥ ${bound.atLeast}${suffix}${value < bound.atLeast ? ', BELOW' : ''})`;
}
