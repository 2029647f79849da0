/**
 * The ledger as staff read it (docs/api.md): filtered, newest first in pages by cursor, with the
 * filter's totals from aggregation queries (two reads however many rows they sum), and the CSV's
 * rows oldest first. The composite indexes these queries need are in `firestore.indexes.json`.
 * A search of several words asks Firestore for the longest (one `array-contains`) and keeps the
 * rows holding the others: its page and totals are made from those rows (a name's rows are a
 * parish's handful, not the ledger).
 */
import {
  LEDGER_PAGE_SIZE,
  encodeLedgerCursor,
  isUndoingKind,
  ledgerListRows,
  ledgerRowFound,
  readLedgerRow,
  type LedgerCursor,
  type LedgerFilter,
  type LedgerRow,
  type LedgerTotals,
} from '@parroquia/domain';
import {
  AggregateField,
  FieldPath,
  Timestamp,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import type { DonationLedger } from '../ports/ledger';
import { readAnyOf } from './any-of';

const UNDOING_KINDS = ['refund', 'void'];

export function firestoreDonationLedger(db: () => Firestore): DonationLedger {
  const donations = () => db().collection('donations');

  /**
   * The filter as a query, and the words a row it finds must also keep (null: none beyond the
   * query's: a personal code's rows, or one word, which the query asks for itself).
   */
  async function filtered({ range, method, kind, search, personalCode }: LedgerFilter) {
    let query: Query = donations();
    if (method !== null) query = query.where('method', '==', method);
    if (kind !== null) query = query.where('kind', '==', kind);
    const owner = personalCode
      ? ((await db().collection('personal_codes').doc(personalCode).get()).get('uid') as unknown)
      : null;
    // A personal code finds its donor's rows; any other search, the rows that keep the word.
    if (typeof owner === 'string') query = query.where('donor', '==', owner);
    else if (search !== null) query = query.where('search', 'array-contains', search[0]);
    if (range.from !== null) {
      query = query.where('created_at', '>=', Timestamp.fromMillis(range.from));
    }
    if (range.to !== null) query = query.where('created_at', '<', Timestamp.fromMillis(range.to));
    const kept = typeof owner !== 'string' && search !== null && search.length > 1 ? search : null;
    return { query, kept };
  }

  /** The rows the filter finds, newest first: the query's, kept by every other word searched. */
  async function found({ query, kept }: Awaited<ReturnType<typeof filtered>>) {
    const snapshot = await query
      .orderBy('created_at', 'desc')
      .orderBy(FieldPath.documentId(), 'desc')
      .get();
    return snapshot.docs.filter((doc) => {
      const words = doc.get('search') as unknown;
      return kept === null || (Array.isArray(words) && ledgerRowFound(words as string[], kept));
    });
  }

  const rowOf = (doc: FirebaseFirestore.DocumentSnapshot) => ({
    ...readLedgerRow(doc.id, doc.data() ?? {}),
    certificate_code: (doc.get('certificate_code') as string | undefined) ?? null,
  });

  async function totalsOf(query: Query, filter: LedgerFilter): Promise<LedgerTotals> {
    const sums = async (q: Query) => {
      const answer = await q
        .aggregate({ rows: AggregateField.count(), net: AggregateField.sum('amount_cents') })
        .get();
      return { rows: answer.data().rows, net: answer.data().net ?? 0 };
    };
    const all = await sums(query);
    // Undone money: the negative rows, which are the refunds and voids.
    const undone =
      filter.kind !== null
        ? isUndoingKind(filter.kind)
          ? all.net
          : 0
        : (await sums(query.where('kind', 'in', UNDOING_KINDS))).net;
    return {
      rows: all.rows,
      given_cents: all.net - undone,
      refunded_cents: -undone,
      net_cents: all.net,
    };
  }

  /** The rows tied to the page's rows that are not on it: gifts undone, refunds and voids. */
  async function relatedTo(page: readonly LedgerRow[]): Promise<LedgerRow[]> {
    const onPage = new Set(page.map((row) => row.id));
    const originals = [
      ...new Set(page.flatMap((row) => (row.refund_of ? [row.refund_of] : []))),
    ].filter((id) => !onPage.has(id));
    const gifts = page.filter((row) => !isUndoingKind(row.kind)).map((row) => row.id);
    const found: LedgerRow[] = [];
    if (originals.length > 0) {
      const snapshots = await db().getAll(...originals.map((id) => donations().doc(id)));
      found.push(...snapshots.filter((doc) => doc.exists).map(rowOf));
    }
    const undoing = await readAnyOf(
      (query) => query.get(),
      gifts,
      (chunk) => donations().where('refund_of', 'in', chunk),
    );
    found.push(...undoing.map(rowOf));
    return found;
  }

  /** A page and the totals of rows already read (a search of several words). */
  async function pageOfFound(
    docs: FirebaseFirestore.DocumentSnapshot[],
    cursor: LedgerCursor | null,
  ) {
    const rows = docs.map(rowOf);
    const start = cursor
      ? rows.findIndex(
          (row) =>
            row.created_at < cursor.created_at ||
            (row.created_at === cursor.created_at && row.id < cursor.id),
        )
      : 0;
    const after = start < 0 ? [] : rows.slice(start);
    const page = after.slice(0, LEDGER_PAGE_SIZE);
    const last = page.at(-1);
    const net = rows.reduce((sum, row) => sum + row.amount_cents, 0);
    const undone = rows
      .filter((row) => isUndoingKind(row.kind))
      .reduce((sum, row) => sum + row.amount_cents, 0);
    return {
      rows: ledgerListRows(page, await relatedTo(page)),
      next_cursor:
        after.length > LEDGER_PAGE_SIZE && last
          ? encodeLedgerCursor({ created_at: last.created_at, id: last.id })
          : null,
      totals: {
        rows: rows.length,
        given_cents: net - undone,
        refunded_cents: -undone,
        net_cents: net,
      },
    };
  }

  return {
    async rowsOfDonor(uid) {
      // Refunds and voids copy their gift's `donor`: one equality finds them all.
      const snapshot = await donations().where('donor', '==', uid).get();
      return snapshot.docs.map((doc) => readLedgerRow(doc.id, doc.data()));
    },

    async rowsOfMonth(month) {
      const snapshot = await donations().where('month', '==', month).get();
      return snapshot.docs.map((doc) => readLedgerRow(doc.id, doc.data()));
    },

    async listDonations(filter) {
      // Read in the list's order, so one set of indexes serves both, and turned round.
      const rows = (await found(await filtered(filter)))
        .map((doc) => ({
          ...rowOf(doc),
          reason: (doc.get('reason') as string | undefined) ?? null,
        }))
        .reverse();
      // A refund or a void names the certificate of the gift it undoes, read when not listed.
      const codes = new Map(rows.map((row) => [row.id, row.certificate_code]));
      const unread = [
        ...new Set(rows.flatMap((row) => (row.refund_of ? [row.refund_of] : []))),
      ].filter((id) => !codes.has(id));
      if (unread.length > 0) {
        for (const doc of await db().getAll(...unread.map((id) => donations().doc(id)))) {
          if (doc.exists) codes.set(doc.id, rowOf(doc).certificate_code);
        }
      }
      return rows.map((row) => ({
        ...row,
        certificate_code:
          row.certificate_code ?? (row.refund_of ? (codes.get(row.refund_of) ?? null) : null),
      }));
    },

    async pageDonations({ filter, cursor }) {
      const asked = await filtered(filter);
      // More words than one query can ask: the rows are read, kept, paged and summed here.
      if (asked.kept !== null) return pageOfFound(await found(asked), cursor);
      const query = asked.query
        .orderBy('created_at', 'desc')
        .orderBy(FieldPath.documentId(), 'desc');
      const started = cursor
        ? query.startAfter(Timestamp.fromMillis(cursor.created_at), cursor.id)
        : query;
      const [snapshot, totals] = await Promise.all([
        started.limit(LEDGER_PAGE_SIZE + 1).get(),
        totalsOf(query, filter),
      ]);
      const page = snapshot.docs.slice(0, LEDGER_PAGE_SIZE).map(rowOf);
      const last = page.at(-1);
      return {
        rows: ledgerListRows(page, await relatedTo(page)),
        next_cursor:
          snapshot.docs.length > LEDGER_PAGE_SIZE && last
            ? encodeLedgerCursor({ created_at: last.created_at, id: last.id })
            : null,
        totals,
      };
    },
  };
}
