/**
 * What the donor e-mails need from outside (issue 19): the data to write them from, and an
 * outbox. In production the outbox is the Firebase "Trigger Email" extension's `mail`
 * collection; locally a relay delivers it to the mail catcher (`emulators/mail`).
 */
import type { CheckoutKind, Language, MailMessage } from '@parroquia/domain';

export interface MailOutbox {
  /** Queues the message once per `id`: false when that id was queued before (nothing sent). */
  queue(id: string, to: string, message: MailMessage): Promise<boolean>;
}

export interface MailRecipient {
  /** A real address; null for accounts without one (Facebook, Apple). */
  email: string | null;
  name: string;
  language: Language;
}

export interface PaidPayment {
  uid: string;
  kind: CheckoutKind;
  plots: string[];
  amountCents: number;
}

/** A donor's plots reserved until one instant (one reservation payment). */
export interface Reservation {
  uid: string;
  reservedUntil: number;
  plots: string[];
}

export interface DonorMailData {
  paidPayment(sessionId: string): Promise<PaidPayment | null>;
  recipient(uid: string): Promise<MailRecipient | null>;
  /** When the donor's reservation of `plot` ends, if it is reserved by them. */
  reservedUntil(plot: string, uid: string): Promise<number | null>;
  reservations(): Promise<Reservation[]>;
}
