/**
 * The donor e-mails wired to Firestore, for their two callers: the receipt after a payment is
 * applied (the payment store), the reminders with the hourly sweep. A mail that cannot be
 * queued is logged and never fails the payment or the sweep around it.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { firestoreDonorMailData, firestoreMailOutbox } from './firestore-mail';
import { logMailFailed } from '../mail/log';
import { queuePaymentReceipt } from '../mail/payment-receipt';
import { queueReservationReminders } from '../mail/reservation-reminders';

/** The site's address for the links in the e-mails (`SITE_URL`, docs/deploy.md). */
function siteUrl(): string {
  return (process.env.SITE_URL ?? '').replace(/\/$/, '');
}

export async function mailPaymentReceipt(db: () => Firestore, sessionId: string): Promise<void> {
  try {
    await queuePaymentReceipt(
      firestoreDonorMailData(db),
      firestoreMailOutbox(db),
      sessionId,
      siteUrl(),
    );
  } catch (error) {
    logMailFailed(`receipt-${sessionId}`, error);
  }
}

export async function mailReservationReminders(
  db: () => Firestore,
  now: number,
): Promise<string[]> {
  try {
    return await queueReservationReminders(
      firestoreDonorMailData(db),
      firestoreMailOutbox(db),
      now,
      siteUrl(),
    );
  } catch (error) {
    logMailFailed('reservation reminders', error);
    return [];
  }
}
