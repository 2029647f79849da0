/**
 * A past month's ledger written straight into Firestore for the month's close: a card gift and
 * its partial refund, a cash deposit voided, a rest paid by transfer. Each suite takes a month of
 * its own, long past, so no other file's rows fall in it. What they sum to is `MONTH_ROWS_CLOSE`.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';

export const MONTH_ROWS_CLOSE = {
  total: { given: 75_000, refunded: 25_000, voided: 5_000, kept: 45_000 },
};

export function monthRows(month: string) {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const at = Timestamp.fromMillis(Date.UTC(year, number - 1, 10, 12));
  const id = (name: string) => `close-${month}-${name}`;
  const row = (name: string, fields: Record<string, unknown>) => ({
    id: id(name),
    data: {
      donor: null,
      donor_email: 'cierre@donantes.test',
      donor_key: 'cierre@donantes.test',
      donor_name: 'Cierre Del Mes',
      cells: ['K3'],
      month,
      created_at: at,
      recorded_by: 'staff-demo',
      refund_of: null,
      search: ['cierre'],
      ...fields,
    },
  });
  return [
    row('card', { method: 'card', kind: 'buy', amount_cents: 50_000, recorded_by: null }),
    row('refund', {
      method: 'card',
      kind: 'refund',
      amount_cents: -25_000,
      recorded_by: null,
      refund_of: id('card'),
    }),
    row('cash', { method: 'cash', kind: 'reserve', amount_cents: 5_000 }),
    row('void', { method: 'cash', kind: 'void', amount_cents: -5_000, refund_of: id('cash') }),
    row('transfer', { method: 'transfer', kind: 'complete', amount_cents: 20_000 }),
  ];
}

/** Writes the month's rows; answers what removes them again. */
export async function writeMonthRows(db: Firestore, month: string): Promise<() => Promise<void>> {
  const rows = monthRows(month);
  await Promise.all(rows.map(({ id, data }) => db.collection('donations').doc(id).set(data)));
  return async () => {
    await Promise.all(rows.map(({ id }) => db.collection('donations').doc(id).delete()));
  };
}
