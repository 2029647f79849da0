/** `donations/{id}` documents written from the domain's `LedgerEntry` (read: `readLedgerRow`). */
import { ledgerSearchWords, type LedgerEntry } from '@parroquia/domain';
import { Timestamp } from 'firebase-admin/firestore';

/** The row as stored, with the words staff find it by (`search`). */
export function ledgerDocument(
  entry: LedgerEntry,
  { certificate_code, reason }: { certificate_code?: string; reason?: string } = {},
): Record<string, unknown> {
  return {
    ...entry,
    created_at: Timestamp.fromMillis(entry.created_at),
    search: ledgerSearchWords(entry, certificate_code),
    ...(certificate_code ? { certificate_code } : {}),
    ...(reason ? { reason } : {}),
  };
}
