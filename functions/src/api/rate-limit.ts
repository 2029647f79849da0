/**
 * A fixed-window counter per key, in the memory of one function instance: enough to make
 * guessing codes slow (30^8 codes; a few dozen tries a minute), with no storage cost. Each
 * instance counts on its own, and a global ceiling bounds what rotating addresses can get.
 */
export interface RateLimit {
  /** Requests allowed per key in one window. */
  perKey: number;
  /** Requests allowed over all keys in one window. */
  overall: number;
  windowMs: number;
}

export class RateLimiter {
  private windowStart = Number.NEGATIVE_INFINITY;
  private counts = new Map<string, number>();
  private total = 0;

  constructor(private readonly limit: RateLimit) {}

  /** Counts one request; false when the key or everyone together is over the limit. */
  allow(key: string, now: number): boolean {
    if (now - this.windowStart >= this.limit.windowMs) {
      // A new window forgets everything: the map never grows past one window's keys.
      this.windowStart = now;
      this.counts = new Map();
      this.total = 0;
    }
    const count = this.counts.get(key) ?? 0;
    if (count >= this.limit.perKey || this.total >= this.limit.overall) return false;
    this.counts.set(key, count + 1);
    this.total += 1;
    return true;
  }

  /** Seconds until the current window ends, for `Retry-After`. */
  retryAfterSeconds(now: number): number {
    return Math.max(1, Math.ceil((this.windowStart + this.limit.windowMs - now) / 1000));
  }
}
