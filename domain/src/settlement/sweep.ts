/**
 * The hourly sweep: lapsed holds and reservations written back as what they already are, and
 * the reminders of reservations about to end, each queued once.
 */
import { effectiveCell, sweptCell } from '../cell';
import type { CellWithId } from '../cell-document';
import { reminderDue, reservationReminder } from '../donor-mail';
import { decided, type Decision, type MailOrder } from './decision';
import { mailAddressOf, type DonorOnRecord } from './donor-record';

/** A plot as the sweep writes it back, or nothing when it is already what it is. */
export function decideSweep(cell: CellWithId, now: number): Decision<boolean> {
  const swept = sweptCell(cell, now);
  return swept
    ? decided(true, { cells: [{ before: cell, after: { ...swept, id: cell.id } }] })
    : decided(false);
}

/** A donor's plots reserved until one instant (one reservation). */
export interface Reservation {
  uid: string;
  reservedUntil: number;
  plots: string[];
}

export const reminderMailId = (stage: string, reservation: Reservation) =>
  `reminder-${stage}-${reservation.uid}-${reservation.reservedUntil}`;

/**
 * The reminder due for one reservation, if any, and not queued before: the id names the donor,
 * the end and the stage, so every later sweep finds it queued.
 */
export function decideReminder(facts: {
  reservation: Reservation;
  donor: DonorOnRecord | null;
  mailsQueued: ReadonlySet<string>;
  siteUrl: string;
  now: number;
}): Decision<string | null> {
  const { reservation, donor } = facts;
  const stage = reminderDue(reservation.reservedUntil, facts.now);
  const to = mailAddressOf(donor);
  if (!stage || !to || !donor) return decided(null);
  const id = reminderMailId(stage, reservation);
  if (facts.mailsQueued.has(id)) return decided(null);
  const message = reservationReminder({
    language: donor.language,
    name: donor.name,
    stage,
    plots: reservation.plots,
    reservedUntil: reservation.reservedUntil,
    siteUrl: facts.siteUrl,
  });
  const mail: MailOrder = { id, to, message };
  return decided(id, { mails: [mail] });
}

/** A reservation as staff see it: its holder may be a registration still waiting for its donor. */
export interface OpenReservation {
  uid: string | null;
  reservedUntil: number;
  plots: string[];
}

/**
 * The reservations standing at `now` (lapsed ones are for sale), soonest deadline first: an
 * account's plots sharing a deadline are one reservation. Plots waiting for their donor (no
 * account yet) are one reservation per registration, named by `registrationOf` (the certificate
 * code staff registered them with): three people registered on the same day are three cards,
 * never one holder whose "rest paid" would complete the others' plots.
 */
export function openReservations(
  cells: readonly CellWithId[],
  now: number,
  registrationOf: (plot: string) => string | null = () => null,
): OpenReservation[] {
  const byEnd = new Map<string, OpenReservation>();
  for (const stored of cells) {
    const cell = effectiveCell(stored, now);
    if (cell.status !== 'reserved' || cell.reserved_until === null) continue;
    // A waiting plot with no registration on record stands alone rather than join a stranger's.
    const holder = cell.user ?? `registration:${registrationOf(stored.id) ?? `plot:${stored.id}`}`;
    const key = `${holder}/${cell.reserved_until}`;
    const entry = byEnd.get(key) ?? {
      uid: cell.user,
      reservedUntil: cell.reserved_until,
      plots: [],
    };
    entry.plots.push(stored.id);
    byEnd.set(key, entry);
  }
  return [...byEnd.values()].sort((a, b) => a.reservedUntil - b.reservedUntil);
}
