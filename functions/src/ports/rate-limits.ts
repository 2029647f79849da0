/**
 * The rate limits' counters, shared by every instance of the function.
 */

/** One rate-limit counter: a limit's requests under one key in one window of time. */
export interface RateLimitWindow {
  /** The limit's name, e.g. `verify`. */
  name: string;
  /** Whose requests: a uid or a client address. */
  key: string;
  /** The window, epoch milliseconds: `[start, end)`. */
  start: number;
  end: number;
  /** Requests allowed in the window. */
  limit: number;
}

/**
 * Request counters shared by every instance of the function (`rate_limits` in Firestore), so
 * that a limit holds however many instances serve a burst.
 */
export interface RateLimitCounters {
  /**
   * Counts one request in the window and answers true, or answers false (counting nothing) when
   * `limit` requests are counted already. Concurrent calls never count past the limit.
   */
  count(window: RateLimitWindow): Promise<boolean>;
}
