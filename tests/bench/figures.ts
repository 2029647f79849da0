/** What the web benches print their figures with. */

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
