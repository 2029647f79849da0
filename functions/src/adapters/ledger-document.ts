/** `donations/{id}` documents written and read as the domain's `LedgerEntry`. */
import { mailboxKey, millisOf, type LedgerEntry, type LedgerRow } from '@parroquia/domain';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';

export function ledgerDocument(entry: LedgerEntry): Record<string, unknown> {
  return { ...entry, created_at: Timestamp.fromMillis(entry.created_at) };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function ledgerEntryFromDocument(data: Record<string, unknown>): LedgerEntry {
  const email = text(data.donor_email);
  return {
    donor: typeof data.donor === 'string' ? data.donor : null,
    donor_email: email,
    // Entries written before the key existed are read through the same rule.
    donor_key: text(data.donor_key) || mailboxKey(email),
    donor_name: text(data.donor_name),
    method: text(data.method) as LedgerEntry['method'],
    kind: text(data.kind) as LedgerEntry['kind'],
    amount_cents: typeof data.amount_cents === 'number' ? data.amount_cents : 0,
    cells: Array.isArray(data.cells) ? data.cells.filter((cell) => typeof cell === 'string') : [],
    month: text(data.month),
    created_at: millisOf(data.created_at) ?? 0,
    recorded_by: typeof data.recorded_by === 'string' ? data.recorded_by : null,
    refund_of: typeof data.refund_of === 'string' ? data.refund_of : null,
  };
}

export function ledgerRowOf(snapshot: DocumentSnapshot): LedgerRow {
  return { ...ledgerEntryFromDocument(snapshot.data() ?? {}), id: snapshot.id };
}
