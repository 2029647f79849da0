/**
 * The reminders before a reservation lapses (7 days and 1 day before), queued by the hourly
 * sweep: each reservation in its own transaction, which reads its plots, its donor and the
 * mails queued already, so a reminder goes once and only while the reservation still stands.
 * A reminder that cannot be queued is logged and never fails the sweep.
 *
 * Which reservations a run looks at: since the last complete run, a reminder can have fallen due
 * only for a reservation whose end came within a stage's days, or one made or changed since;
 * an hour with neither reads a handful of documents, however many reservations stand. The first
 * run (no run on record, or one "later" than now: a clock set back) looks at every reservation
 * ending within the first stage's days. A run in which a reminder failed leaves the record
 * as it was, so the next run tries it again.
 */
import {
  decideReminder,
  millisOf,
  readCellDocument,
  REMINDER_STAGES,
  reminderMailId,
  openReservations,
  type CellWithId,
  type Reservation,
} from '@parroquia/domain';
import { Timestamp, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { logMailFailed } from '../mail/log';
import type { AddressProofs } from '../ports/sign-in';
import { writeDecision } from './decision-writes';
import { readDonor, readMailsQueued, readStoredCells } from './firestore-reads';
import { mailSiteUrl } from './mail-site-url';

/** `proofs`: a reminder goes only to an address its account has proven. */
export async function mailReservationReminders(
  db: () => Firestore,
  proofs: AddressProofs,
  now: number,
): Promise<string[]> {
  const record = db().collection('sweep_runs').doc('reminders');
  const lastRun = millisOf((await record.get()).get('last_run_at'));
  const cells = await reservationsToCheck(
    db(),
    lastRun !== null && lastRun <= now ? lastRun : null,
    now,
  );
  const queued: string[] = [];
  let failed = false;
  for (const reservation of accountReservations(cells, now)) {
    try {
      queued.push(...(await remind(db(), proofs, reservation, now)));
    } catch (error) {
      failed = true;
      logMailFailed(`reminder ${reservation.uid} ${reservation.reservedUntil}`, error);
    }
  }
  if (!failed) await record.set({ last_run_at: Timestamp.fromMillis(now) });
  return queued;
}

/**
 * How far before the last run a plot's change still counts as new: its `updated_at` is the
 * server's commit time, which may trail the run's clock by a little; a margin of minutes costs
 * only the few plots changed in it.
 */
const CHANGE_MARGIN_MS = 10 * 60_000;

/**
 * The plots of the reservations a reminder may have fallen due for since `lastRun` (every
 * reservation ending within the first stage's days when there is none), with every plot of
 * each one's deadline, so that a reminder lists the whole reservation.
 */
async function reservationsToCheck(
  db: Firestore,
  lastRun: number | null,
  now: number,
): Promise<CellWithId[]> {
  const reserved = db.collection('cells').where('status', '==', 'reserved');
  const ending = (after: number, atMost: number) =>
    reserved
      .where('reserved_until', '>', Timestamp.fromMillis(after))
      .where('reserved_until', '<=', Timestamp.fromMillis(atMost))
      .get();
  if (lastRun === null) {
    const first = Math.max(...REMINDER_STAGES.map(({ beforeMs }) => beforeMs));
    return cellsOf((await ending(now, now + first)).docs);
  }
  const found = await Promise.all([
    // Their end came within a stage's days since the last run.
    ...REMINDER_STAGES.map(({ beforeMs }) =>
      ending(Math.max(now, lastRun + beforeMs), now + beforeMs),
    ),
    // Made or changed since the last run.
    reserved.where('updated_at', '>', Timestamp.fromMillis(lastRun - CHANGE_MARGIN_MS)).get(),
  ]);
  const deadlines = [
    ...new Set(
      cellsOf(found.flatMap((snapshot) => snapshot.docs))
        .map((cell) => cell.reserved_until)
        .filter((until): until is number => until !== null && until > now),
    ),
  ];
  const whole = await Promise.all(
    chunks(deadlines, 30).map((some) =>
      reserved
        .where(
          'reserved_until',
          'in',
          some.map((until) => Timestamp.fromMillis(until)),
        )
        .get(),
    ),
  );
  return cellsOf(whole.flatMap((snapshot) => snapshot.docs));
}

function cellsOf(docs: readonly QueryDocumentSnapshot[]): CellWithId[] {
  return docs.flatMap((doc) => {
    const reading = readCellDocument(doc.id, doc.data());
    return reading.ok ? [reading.cell] : [];
  });
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}

/** The standing reservations of accounts (a registration awaiting its donor has no mailbox). */
const accountReservations = (cells: readonly CellWithId[], now: number): Reservation[] =>
  openReservations(cells, now).flatMap(({ uid, ...rest }) => (uid ? [{ uid, ...rest }] : []));

const same = (a: Reservation) => (b: Reservation) =>
  a.uid === b.uid && a.reservedUntil === b.reservedUntil;

function remind(
  db: Firestore,
  proofs: AddressProofs,
  reservation: Reservation,
  now: number,
): Promise<string[]> {
  return db.runTransaction(async (tx) => {
    const standing = accountReservations(
      await readStoredCells(db, tx, reservation.plots),
      now,
    ).filter(same(reservation));
    const donor = await readDonor(db, tx, reservation.uid, proofs);
    const ids = REMINDER_STAGES.map(({ stage }) => reminderMailId(stage, reservation));
    const mailsQueued = await readMailsQueued(db, tx, ids);
    const decisions = standing.map((current) =>
      decideReminder({ reservation: current, donor, mailsQueued, siteUrl: mailSiteUrl(), now }),
    );
    for (const decision of decisions) writeDecision(tx, db, decision);
    return decisions.flatMap((decision) => (decision.outcome ? [decision.outcome] : []));
  });
}
