/** The back office's money routes (docs/api.md, issue 32): reservations and corrections. */
import * as z from 'zod/mini';
import {
  validateCompletionRequest,
  validateExtensionRequest,
  validateReleaseRequest,
  validateVoidRequest,
  type CompletionRequest,
  type ReservationChangeRequest,
  type VoidRequest,
} from '../back-office-requests';
import type { Validation } from '../validation';
import { defineRoute } from './route';
import { validated } from './validated';

/** One reservation: the plots one holder reserved until one instant. */
const reservationSchema = z.object({
  plots: z.array(z.string()),
  /** ISO instant: the reservation lapses then. */
  reserved_until: z.string(),
  /**
   * The last day (`YYYY-MM-DD`, in Spain) staff may extend it to: all extensions together reach
   * at most 30 days past its first deadline.
   */
  extend_until_max: z.string(),
  holder: z.object({
    /** null: a registration still waiting for its donor to sign up. */
    uid: z.nullable(z.string()),
    name: z.string(),
    /** '' when the account has no address (Facebook, Apple). */
    email: z.string(),
    personal_code: z.nullable(z.string()),
  }),
  /** The certificate registered for it, if staff registered it. */
  certificate_code: z.nullable(z.string()),
  /** Reminder stages already e-mailed (`7d`, `1d`). */
  reminders: z.array(z.string()),
});

export type ReservationView = z.infer<typeof reservationSchema>;

export const listReservations = defineRoute({
  method: 'GET',
  path: '/api/staff/reservations/',
  access: 'staff',
  answer: z.object({ reservations: z.array(reservationSchema) }),
});

export interface CompletionBody {
  parcelas: string[];
  method: 'cash' | 'transfer';
}

export const completeReservationsAtParish = defineRoute({
  method: 'POST',
  path: '/api/staff/reservations/complete/',
  access: 'staff',
  body: validated<CompletionBody, CompletionRequest>(validateCompletionRequest),
  answer: z.object({ parcelas: z.array(z.string()), amount_cents: z.number() }),
});

export interface ReservationChangeBody {
  parcelas: string[];
  reason: string;
  /** `YYYY-MM-DD`: the last day of the reservation (extending only). */
  until?: string;
}

const changeAnswer = z.object({ parcelas: z.array(z.string()) });

const reservationChangeRoute = (
  path: `/api/staff/reservations/${string}/`,
  rule: (body: unknown) => Validation<ReservationChangeRequest>,
) =>
  defineRoute({
    method: 'POST',
    path,
    access: 'staff',
    body: validated<ReservationChangeBody, ReservationChangeRequest>(rule),
    answer: changeAnswer,
  });

export const extendReservations = reservationChangeRoute(
  '/api/staff/reservations/extend/',
  validateExtensionRequest,
);

export const releaseReservations = reservationChangeRoute(
  '/api/staff/reservations/release/',
  validateReleaseRequest,
);

export interface VoidBody {
  donation_id: string;
  reason: string;
}

export const voidDonation = defineRoute({
  method: 'POST',
  path: '/api/staff/donations/void/',
  access: 'staff',
  body: validated<VoidBody, VoidRequest>(validateVoidRequest),
  /** The plots back on sale. */
  answer: changeAnswer,
});
