/**
 * Instants as stored by any Firestore SDK, read without importing one: a Timestamp is anything
 * with `toMillis()` (admin and web SDKs alike), so the rules see plain epoch milliseconds.
 */

/** Epoch milliseconds of a Timestamp, Date or number; null for anything else. */
export function millisOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'object' && value !== null && 'toMillis' in value) {
    const { toMillis } = value;
    if (typeof toMillis === 'function') {
      const millis: unknown = toMillis.call(value);
      return typeof millis === 'number' && Number.isFinite(millis) ? millis : null;
    }
  }
  return null;
}

/** ISO 8601 of the same values, for JSON answers. */
export function isoOf(value: unknown): string | null {
  const millis = millisOf(value);
  return millis === null ? null : new Date(millis).toISOString();
}
