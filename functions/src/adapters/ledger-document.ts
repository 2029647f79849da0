/** `donations/{id}` documents written and read as the domain's `LedgerEntry`. */
import { millisOf, type LedgerEntry } from '@parroquia/domain';
import { Timestamp } from 'firebase-admin/firestore';

export function ledgerDocument(entry: LedgerEntry): Record<string, unknown> {
  return { ...entry, created_at: Timestamp.fromMillis(entry.created_at) };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function ledgerEntryFromDocument(data: Record<string, unknown>): LedgerEntry {
  return {
    donor: typeof data.donor === 'string' ? data.donor : null,
    donor_email: text(data.donor_email),
    donor_name: text(data.donor_name),
    method: text(data.method) as LedgerEntry['method'],
    kind: text(data.kind) as LedgerEntry['kind'],
    amount_cents: typeof data.amount_cents === 'number' ? data.amount_cents : 0,
    cells: Array.isArray(data.cells) ? data.cells.filter((cell) => typeof cell === 'string') : [],
    month: text(data.month),
    created_at: millisOf(data.created_at) ?? 0,
    recorded_by: typeof data.recorded_by === 'string' ? data.recorded_by : null,
  };
}
