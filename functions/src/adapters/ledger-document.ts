/** `donations/{id}` documents written from the domain's `LedgerEntry` (read: `readLedgerRow`). */
import type { LedgerEntry } from '@parroquia/domain';
import { Timestamp } from 'firebase-admin/firestore';

export function ledgerDocument(entry: LedgerEntry): Record<string, unknown> {
  return { ...entry, created_at: Timestamp.fromMillis(entry.created_at) };
}
