/**
 * The staff panel's live reads (docs/architecture.md, "What the staff panel reads"): the ledger's
 * totals and the campaign's progress (one document each), the latest gifts and the reservations
 * ending soonest (a few documents each). At most 2 + 3 × PANEL_LIST_SIZE documents, whatever
 * the ledger's size; and the refunds still owed (a payment's, while Stripe has not taken it).
 */
import {
  collection,
  doc,
  limit,
  onSnapshot,
  orderBy,
  query,
  Timestamp,
  where,
  type DocumentSnapshot,
  type QuerySnapshot,
} from 'firebase/firestore';
import {
  readLedgerRow,
  readLedgerSummary,
  readProgressDocument,
  readRefundOwed,
  type LedgerRow,
  type LedgerSummary,
  type ProgressCounts,
  type RefundOwed,
} from '@parroquia/domain';
import { getFirestoreDb } from '@/lib/firebase';

/** How many latest gifts and ending reservations the panel lists. */
export const PANEL_LIST_SIZE = 10;
/** Reservations ending within this many days are listed. */
export const ENDING_WITHIN_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A reserved plot as the panel lists it. */
export interface EndingReservation {
  plot: string;
  /** What the map shows of its holder. */
  holder: string | null;
  reservedUntil: number;
}

export interface PanelReadings {
  /** Documents the listeners delivered so far: what the panel has cost in reads. */
  documents?: number;
  summary?: LedgerSummary;
  progress?: { counts: ProgressCounts; totalPlots: number };
  latest?: LedgerRow[];
  ending?: EndingReservation[];
  /** Payments whose automatic refund Stripe has not taken yet (usually none). */
  refundsOwed?: RefundOwed[];
}

const millis = (value: unknown) => (value instanceof Timestamp ? value.toMillis() : 0);

/** Calls back with each part of the panel as it arrives and whenever it changes. */
export async function listenToPanel(
  now: number,
  onReadings: (readings: PanelReadings) => void,
  onError: (error: Error) => void,
): Promise<() => void> {
  const db = await getFirestoreDb();
  let documents = 0;
  /** Hands on a part with what the listeners delivered so far (a document read each). */
  const report = (delivered: number, part: PanelReadings | null) => {
    documents += delivered;
    if (part) onReadings({ ...part, documents });
  };
  const ofDocument =
    (read: (snapshot: DocumentSnapshot) => PanelReadings | null) => (snapshot: DocumentSnapshot) =>
      report(1, read(snapshot));
  const ofQuery = (read: (snapshot: QuerySnapshot) => PanelReadings) => (snapshot: QuerySnapshot) =>
    report(snapshot.docChanges().length, read(snapshot));
  const stops = [
    onSnapshot(
      doc(db, 'campaign', 'ledger'),
      ofDocument((snapshot) => ({ summary: readLedgerSummary(snapshot.get('months')) })),
      onError,
    ),
    onSnapshot(
      doc(db, 'campaign', 'progress'),
      ofDocument((snapshot) => {
        const progress = readProgressDocument(snapshot.data() ?? {});
        return progress ? { progress } : null;
      }),
      onError,
    ),
    onSnapshot(
      query(collection(db, 'donations'), orderBy('created_at', 'desc'), limit(PANEL_LIST_SIZE)),
      ofQuery((snapshot) => ({
        latest: snapshot.docs.map((row) => readLedgerRow(row.id, row.data())),
      })),
      onError,
    ),
    onSnapshot(
      query(
        collection(db, 'cells'),
        where('status', '==', 'reserved'),
        where('reserved_until', '<=', Timestamp.fromMillis(now + ENDING_WITHIN_DAYS * DAY_MS)),
        orderBy('reserved_until'),
        limit(PANEL_LIST_SIZE),
      ),
      ofQuery((snapshot) => ({
        ending: snapshot.docs.map((cell) => ({
          plot: cell.id,
          holder: (cell.get('donor_display') as string | null) ?? null,
          reservedUntil: millis(cell.get('reserved_until')),
        })),
      })),
      onError,
    ),
    onSnapshot(
      query(collection(db, 'payments'), where('refund_due', '==', true), limit(PANEL_LIST_SIZE)),
      ofQuery((snapshot) => ({
        refundsOwed: snapshot.docs.flatMap((payment) => {
          const owed = readRefundOwed(payment.id, payment.data());
          return owed ? [owed] : [];
        }),
      })),
      onError,
    ),
  ];
  return () => stops.forEach((stop) => stop());
}
