/**
 * `staff_actions` on firebase-admin: the record listed newest first, 50 at a time, each with the
 * name and e-mail Auth has for its staff member; and the two actions recorded here alone (the
 * ledger exported, a filled-in certificate printed), each one transaction through the one writer.
 */
import {
  decideDonorLookup,
  decideFilledCertificate,
  decideLedgerExport,
  millisOf,
  readLedgerRow,
  staffActionMoney,
  readCertificateCodeDocument,
  type LedgerRow,
  type StaffActionView,
} from '@parroquia/domain';
import type { Auth } from 'firebase-admin/auth';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { StaffActionLog } from '../ports/staff';
import { writeDecision } from './decision-writes';

type PlotStateView = StaffActionView['before'][number];

const iso = (value: unknown): string | null => {
  const millis = millisOf(value);
  return millis === null ? null : new Date(millis).toISOString();
};

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The stored map of plot states (by plot code) as a list in the action's plot order. */
function plotStates(stored: unknown, order: readonly string[]): PlotStateView[] {
  if (typeof stored !== 'object' || stored === null) return [];
  const byPlot = stored as Record<string, Record<string, unknown>>;
  const plots = [...order.filter((plot) => plot in byPlot)];
  for (const plot of Object.keys(byPlot).sort()) if (!plots.includes(plot)) plots.push(plot);
  return plots.map((plot) => {
    const state = byPlot[plot] ?? {};
    return {
      plot,
      status: typeof state.status === 'string' ? state.status : '',
      user: typeof state.user === 'string' ? state.user : null,
      reserved_until: iso(state.reserved_until),
    };
  });
}

function detailsOf(stored: unknown): StaffActionView['details'] {
  if (typeof stored !== 'object' || stored === null) return null;
  const data = stored as Record<string, unknown>;
  const query =
    typeof data.query === 'object' && data.query !== null
      ? Object.fromEntries(
          Object.entries(data.query as Record<string, unknown>).map(([key, value]) => [
            key,
            String(value),
          ]),
        )
      : undefined;
  return {
    ...(typeof data.count === 'number' ? { count: data.count } : {}),
    ...(Array.isArray(data.codes) ? { codes: strings(data.codes) } : {}),
    ...(typeof data.code === 'string' ? { code: data.code } : {}),
    ...(query ? { query } : {}),
    ...(typeof data.rows === 'number' ? { rows: data.rows } : {}),
  };
}

export function firestoreStaffActions(db: () => Firestore, auth: () => Auth): StaffActionLog {
  /** Name and e-mail of each staff member, as Auth knows them (one call for the page). */
  async function staffNamed(uids: readonly string[]) {
    const named = new Map<string, { name: string; email: string }>();
    if (uids.length === 0) return named;
    const { users } = await auth().getUsers(uids.map((uid) => ({ uid })));
    for (const user of users) {
      named.set(user.uid, { name: user.displayName ?? '', email: user.email ?? '' });
    }
    return named;
  }

  /** The ledger rows the page's actions name, by id, each with its certificate's code. */
  async function ledgerRowsOf(ids: readonly string[]) {
    const rows = new Map<string, LedgerRow & { certificate_code: string | null }>();
    const unique = [...new Set(ids)];
    if (unique.length === 0) return rows;
    const snapshots = await db().getAll(
      ...unique.map((id) => db().collection('donations').doc(id)),
    );
    for (const doc of snapshots) {
      if (!doc.exists) continue;
      const code = doc.get('certificate_code') as unknown;
      rows.set(doc.id, {
        ...readLedgerRow(doc.id, doc.data() ?? {}),
        certificate_code: typeof code === 'string' ? code : null,
      });
    }
    return rows;
  }

  return {
    staffNames: (uids) => staffNamed([...new Set(uids)]),

    async list({ cursor, kind }, size) {
      const actions = db().collection('staff_actions');
      let query = (kind ? actions.where('action', '==', kind) : actions).orderBy('at', 'desc');
      if (cursor) {
        const last: DocumentSnapshot = await actions.doc(cursor).get();
        // A cursor of another kind's list would skip or repeat rows: refused like an unknown one.
        if (!last.exists || (kind && last.get('action') !== kind)) return null;
        query = query.startAfter(last);
      }
      // One more than a page tells whether another page follows.
      const page = await query.limit(size + 1).get();
      const docs = page.docs.slice(0, size);
      // Actions recorded before names were kept with them are named as Auth knows them today.
      const unnamed = docs.filter((doc) => typeof doc.get('staff_email') !== 'string');
      const staff = await staffNamed([...new Set(unnamed.map((doc) => String(doc.get('staff'))))]);
      const ledger = await ledgerRowsOf(docs.flatMap((doc) => strings(doc.get('donations'))));
      return {
        actions: docs.map((doc): StaffActionView => {
          const data = doc.data();
          const plots = strings(data.plots);
          const uid = String(data.staff ?? '');
          return {
            id: doc.id,
            action: data.action as StaffActionView['action'],
            at: iso(data.at) ?? new Date(0).toISOString(),
            staff: {
              uid,
              ...(typeof data.staff_email === 'string'
                ? { name: String(data.staff_name ?? ''), email: data.staff_email }
                : (staff.get(uid) ?? { name: '', email: '' })),
            },
            reason: typeof data.reason === 'string' ? data.reason : null,
            plots,
            donations: strings(data.donations),
            before: plotStates(data.before, plots),
            after: plotStates(data.after, plots),
            money: staffActionMoney(
              {
                action: String(data.action),
                ...(typeof data.amount_cents === 'number'
                  ? { amount_cents: data.amount_cents }
                  : {}),
              },
              strings(data.donations).flatMap((id) => ledger.get(id) ?? []),
            ),
            details: detailsOf(data.details),
          };
        }),
        nextCursor: page.docs.length > size ? (docs.at(-1)?.id ?? null) : null,
      };
    },

    async recordExport(query, rows, staffUid, now) {
      const firestore = db();
      await firestore.runTransaction(async (tx) => {
        const context = { staffUid, now, actionId: firestore.collection('staff_actions').doc().id };
        writeDecision(tx, firestore, decideLedgerExport({ query, rows, context }));
      });
    },

    async recordLookup(kind, query, rows, staffUid, now) {
      const firestore = db();
      const actionId = firestore.collection('staff_actions').doc().id;
      const decision = decideDonorLookup({
        kind,
        query,
        rows,
        context: { staffUid, now, actionId },
      });
      await firestore.runTransaction(async (tx) => writeDecision(tx, firestore, decision));
    },

    printFilled(code, staffUid, now) {
      const firestore = db();
      return firestore.runTransaction(async (tx) => {
        const snapshot = await tx.get(firestore.collection('certificate_codes').doc(code));
        const data = snapshot.exists ? (snapshot.data() ?? {}) : null;
        const decision = decideFilledCertificate({
          code,
          record: data ? readCertificateCodeDocument(code, data) : null,
          name: typeof data?.name === 'string' ? data.name : null,
          reserve: data?.reserve === true,
          registeredAt: millisOf(data?.registered_at),
          context: { staffUid, now, actionId: firestore.collection('staff_actions').doc().id },
        });
        writeDecision(tx, firestore, decision);
        return decision.outcome;
      });
    },
  };
}
