/**
 * Reminders before a reservation lapses (issue 19), sent by the hourly sweep: 7 days and 1 day
 * before, once each. The mail id names the donor, the reservation's end and the stage, so
 * every later sweep finds it queued and sends nothing again.
 */
import { reminderDue, reservationReminder } from '@parroquia/domain';
import type { DonorMailData, MailOutbox } from './ports';

export async function queueReservationReminders(
  data: DonorMailData,
  outbox: MailOutbox,
  now: number,
  siteUrl: string,
): Promise<string[]> {
  const queued: string[] = [];
  for (const reservation of await data.reservations()) {
    const stage = reminderDue(reservation.reservedUntil, now);
    if (!stage) continue;
    const donor = await data.recipient(reservation.uid);
    if (!donor?.email) continue;
    const id = `reminder-${stage}-${reservation.uid}-${reservation.reservedUntil}`;
    const message = reservationReminder({ ...donor, ...reservation, stage, siteUrl });
    if (await outbox.queue(id, donor.email, message)) queued.push(id);
  }
  return queued;
}
