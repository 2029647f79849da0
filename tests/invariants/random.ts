/** A seeded generator (mulberry32): the same seed draws the same sequence of steps. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Up to `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) {
      chosen.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    }
    return chosen;
  }

  /** Four hex digits, for names that are unique substrings (`Zenobia-7f3a`). */
  hex(): string {
    return this.int(0x1000, 0xffff).toString(16);
  }

  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let draw = this.next() * total;
    for (const [value, weight] of choices) {
      draw -= weight;
      if (draw < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }
}
