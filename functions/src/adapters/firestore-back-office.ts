/**
 * The back office's money operations on firebase-admin: each reads what it changes inside one
 * transaction, asks the money core (`domain/src/settlement/back-office.ts`) and writes what it
 * decides, the staff action included.
 */
import {
  cashPersonStart,
  decideReservationChange,
  decideStaffCompletion,
  decideVoidRegistration,
  lastDayOf,
  latestExtensionOf,
  mailboxKey,
  millisOf,
  openReservations,
  readCellDocument,
  readLedgerRow,
  REMINDER_STAGES,
  reminderMailId,
  type ReservationView,
  type StaffContext,
} from '@parroquia/domain';
import type { Firestore, QueryDocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import type { AddressProofs } from '../ports/sign-in';
import type { BackOfficeOutcome, BackOfficeStore } from '../ports/staff';
import { readCashPerson, touchCashLocks } from './cash-person';
import { writeDecision } from './decision-writes';
import { readAnyOf } from './any-of';
import { readDonor, readStoredCells } from './firestore-reads';
import { mailSiteUrl } from './mail-site-url';

/** `proofs`: whether a holder's address is proven, so a completion's receipt is mailed. */
export function firestoreBackOffice(db: () => Firestore, proofs: AddressProofs): BackOfficeStore {
  const context = (staffUid: string, reason: string | null, now: number): StaffContext => ({
    staffUid,
    reason,
    now,
    actionId: db().collection('staff_actions').doc().id,
  });
  const newLedgerId = () => db().collection('donations').doc().id;

  /**
   * Whom staff registered a plot for while its donor has no account: the code's e-mail and name,
   * of the latest registration (an older code of the plot stays `registered` once it lapsed).
   */
  async function registrationOf(tx: Transaction, plot: string) {
    const found = await tx.get(
      db().collection('certificate_codes').where('plots', 'array-contains', plot),
    );
    const waiting = latestRegistration(
      found.docs.filter((doc) => doc.get('status') === 'registered'),
    );
    const email = waiting?.get('email') as unknown;
    const name = waiting?.get('name') as unknown;
    return typeof email === 'string'
      ? { email, name: typeof name === 'string' ? name : '', code: waiting!.id }
      : null;
  }

  /** Each reserved plot's latest registration at the parish: its code, e-mail and name. */
  async function registrationsOfPlots() {
    const codes = await db().collection('certificate_codes').where('reserve', '==', true).get();
    const codeOf = new Map<string, { code: string; email: string; name: string }>();
    // Oldest first, so a plot's latest registration is the one kept.
    for (const doc of [...codes.docs].sort((a, b) => registeredAt(a) - registeredAt(b))) {
      const plots = doc.get('plots') as unknown;
      for (const plot of Array.isArray(plots) ? plots : []) {
        if (typeof plot !== 'string' || doc.get('status') === 'unassigned') continue;
        codeOf.set(plot, {
          code: doc.id,
          email: String(doc.get('email') ?? ''),
          name: String(doc.get('name') ?? ''),
        });
      }
    }
    return codeOf;
  }

  const outcomeOf = (
    outcome: { ok: true; plots: string[]; amountCents?: number } | { ok: false; message: string },
  ): BackOfficeOutcome =>
    outcome.ok
      ? { ok: true, plots: outcome.plots, amountCents: outcome.amountCents ?? 0 }
      : outcome;

  return {
    async listReservations(now) {
      const reserved = await db().collection('cells').where('status', '==', 'reserved').get();
      const cells = reserved.docs.flatMap((doc) => {
        const reading = readCellDocument(doc.id, doc.data());
        return reading.ok ? [reading.cell] : [];
      });
      const codeOf = await registrationsOfPlots();
      const reservations = openReservations(cells, now, (plot) => codeOf.get(plot)?.code ?? null);
      const uids = [...new Set(reservations.flatMap((r) => (r.uid ? [r.uid] : [])))];
      const users = uids.length
        ? await db().getAll(...uids.map((uid) => db().collection('users').doc(uid)))
        : [];
      const mailIds = reservations.flatMap((r) =>
        r.uid
          ? REMINDER_STAGES.map(({ stage }) => reminderMailId(stage, { ...r, uid: r.uid! }))
          : [],
      );
      const mails = mailIds.length
        ? await db().getAll(...mailIds.map((id) => db().collection('mail').doc(id)))
        : [];
      const sent = new Set(mails.filter((mail) => mail.exists).map((mail) => mail.id));
      return reservations.map((reservation): ReservationView => {
        const user = users.find((doc) => doc.id === reservation.uid)?.data();
        const registered = codeOf.get(reservation.plots[0]!);
        const reserved = cells.filter((cell) => reservation.plots.includes(cell.id));
        const latest = latestExtensionOf(reserved, reservation.reservedUntil);
        return {
          plots: reservation.plots,
          reserved_until: new Date(reservation.reservedUntil).toISOString(),
          extend_until_max: lastDayOf(latest),
          holder: {
            uid: reservation.uid,
            name: String(user?.name ?? registered?.name ?? ''),
            email: String(user?.email ?? registered?.email ?? ''),
            personal_code: typeof user?.personal_code === 'string' ? user.personal_code : null,
          },
          certificate_code: registered?.code ?? null,
          reminders: REMINDER_STAGES.flatMap(({ stage }) =>
            reservation.uid &&
            sent.has(reminderMailId(stage, { ...reservation, uid: reservation.uid }))
              ? [stage]
              : [],
          ),
        };
      });
    },

    completeReservations({ plots, method }, staffUid, now) {
      return db().runTransaction(async (tx) => {
        const cells = await readStoredCells(db(), tx, plots);
        const uid = cells[0]?.user ?? null;
        const holder = uid ? await readDonor(db(), tx, uid, proofs) : null;
        const registeredFor = uid ? null : await registrationOf(tx, plots[0]!);
        const cash = await readCashPerson(
          db(),
          tx,
          cashPersonStart(holder, registeredFor && mailboxKey(registeredFor.email)),
        );
        const decision = decideStaffCompletion({
          holder,
          registeredFor,
          cells,
          method,
          cash,
          ledgerIds: plots.map(newLedgerId),
          siteUrl: mailSiteUrl(),
          context: context(staffUid, null, now),
        });
        writeDecision(tx, db(), decision);
        touchCashLocks(tx, cash, now);
        return outcomeOf(decision.outcome);
      });
    },

    changeReservations({ plots, reason }, change, staffUid, now) {
      return db().runTransaction(async (tx) => {
        const cells = await readStoredCells(db(), tx, plots);
        const decision = decideReservationChange({
          holder: cells[0]?.user ?? null,
          cells,
          change,
          context: context(staffUid, reason, now),
        });
        writeDecision(tx, db(), decision);
        return outcomeOf(decision.outcome);
      });
    },

    voidDonation({ donationId, reason }, staffUid, now) {
      return db().runTransaction(async (tx) => {
        const snapshot = await tx.get(db().collection('donations').doc(donationId));
        const entry = snapshot.exists ? readLedgerRow(snapshot.id, snapshot.data() ?? {}) : null;
        // The ledger of every plot of the registration, however many (chunks of 30).
        const ledger = (
          await readAnyOf(
            (query) => tx.get(query),
            entry?.cells ?? [],
            (plots) => db().collection('donations').where('cells', 'array-contains-any', plots),
          )
        ).map((doc) => readLedgerRow(doc.id, doc.data()));
        const code = snapshot.get('certificate_code') as unknown;
        const decision = decideVoidRegistration({
          entry,
          certificateCode: typeof code === 'string' ? code : null,
          ledger,
          cells: await readStoredCells(db(), tx, entry?.cells ?? []),
          voidId: newLedgerId(),
          context: context(staffUid, reason, now),
        });
        writeDecision(tx, db(), decision);
        return outcomeOf(decision.outcome);
      });
    },
  };
}

const registeredAt = (doc: QueryDocumentSnapshot) => millisOf(doc.get('registered_at')) ?? 0;

function latestRegistration(docs: readonly QueryDocumentSnapshot[]) {
  return [...docs].sort((a, b) => registeredAt(b) - registeredAt(a))[0];
}
