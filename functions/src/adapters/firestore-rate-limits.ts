/**
 * `rate_limits/{name}_{key hash}_{window start}`: one document per limit, key and window
 * (docs/data-model.md), counted in a transaction so concurrent requests on any instance never
 * count past the limit.
 *
 * Writes stay far below Firestore's sustained rate of about one write a second per document:
 * a counter is written at most `limit` times in its window (20 a minute at most today), and a
 * request over the limit only reads. Old windows are never read again; the `expires_at` field
 * lets production's TTL policy delete them (docs/deploy.md).
 */
import { createHash } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { RateLimitCounters, RateLimitWindow } from '../ports/rate-limits';

export const RATE_LIMITS = 'rate_limits';

/** The key hashed: no address or uid in a document id, and ids of one safe alphabet. */
export function rateLimitDocumentId(window: RateLimitWindow): string {
  const key = createHash('sha256').update(window.key).digest('hex').slice(0, 32);
  return `${window.name}_${key}_${window.start}`;
}

export function firestoreRateLimitCounters(db: () => Firestore): RateLimitCounters {
  return {
    async count(window) {
      const firestore = db();
      const ref = firestore.collection(RATE_LIMITS).doc(rateLimitDocumentId(window));
      return firestore.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        const counted = Number(snapshot.get('count') ?? 0);
        if (counted >= window.limit) return false;
        transaction.set(ref, {
          name: window.name,
          count: counted + 1,
          window_start: Timestamp.fromMillis(window.start),
          expires_at: Timestamp.fromMillis(window.end),
        });
        return true;
      });
    },
  };
}
