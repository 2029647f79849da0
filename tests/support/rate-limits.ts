/** Helpers for the rate-limit suites: the limits count in windows aligned on the clock minute. */

const WINDOW_MS = 60_000;

/**
 * Waits for the next minute when fewer than `needMs` are left in this one, so a burst of
 * requests falls in one window of the API's limits (they share this machine's clock).
 */
export async function withinOneWindow(needMs = 20_000): Promise<void> {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

/**
 * `X-Forwarded-For` as Google's front end passes it on: whatever the client wrote, then the
 * address the front end saw. Locally nothing appends, so the suites write the last entry.
 */
export function forwardedFor(realAddress: string, clientWritten: string[] = []): string {
  return [...clientWritten, realAddress].join(', ');
}

/** Runs `tasks` with at most `width` at a time; answers their results in order. */
export async function inParallel<T>(tasks: Array<() => Promise<T>>, width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
  return results;
}
