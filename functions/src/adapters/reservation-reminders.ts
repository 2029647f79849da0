/**
 * The reminders before a reservation lapses (7 days and 1 day before), queued by the hourly
 * sweep: each reservation in its own transaction, which reads its plots, its donor and the
 * mails queued already, so a reminder goes once and only while the reservation still stands.
 * A reminder that cannot be queued is logged and never fails the sweep.
 */
import {
  decideReminder,
  readCellDocument,
  REMINDER_STAGES,
  reminderMailId,
  openReservations,
  type CellWithId,
  type Reservation,
} from '@parroquia/domain';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { logMailFailed } from '../mail/log';
import type { AddressProofs } from '../ports';
import { writeDecision } from './decision-writes';
import { readDonor, readMailsQueued, readStoredCells } from './firestore-reads';
import { mailSiteUrl } from './mail-site-url';

/** `proofs`: a reminder goes only to an address its account has proven. */
export async function mailReservationReminders(
  db: () => Firestore,
  proofs: AddressProofs,
  now: number,
): Promise<string[]> {
  // Only the reservations a reminder may be due for: those ending within the first stage's
  // days (issue 42 item 3), not every reservation every hour.
  const soonest = Math.max(...REMINDER_STAGES.map(({ beforeMs }) => beforeMs));
  const reserved = await db()
    .collection('cells')
    .where('status', '==', 'reserved')
    .where('reserved_until', '>', Timestamp.fromMillis(now))
    .where('reserved_until', '<=', Timestamp.fromMillis(now + soonest))
    .get();
  const cells = reserved.docs.flatMap((doc) => {
    const reading = readCellDocument(doc.id, doc.data());
    return reading.ok ? [reading.cell] : [];
  });
  const queued: string[] = [];
  for (const reservation of accountReservations(cells, now)) {
    try {
      queued.push(...(await remind(db(), proofs, reservation, now)));
    } catch (error) {
      logMailFailed(`reminder ${reservation.uid} ${reservation.reservedUntil}`, error);
    }
  }
  return queued;
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
