/**
 * The money operations of the parish's back office (issue 28; their routes and screens come with
 * the back office): staff record the rest of a reservation as paid in cash or by transfer, void
 * a registration made by mistake, and extend or release a reservation.
 */
import { checkCashLimit, personCashOfMonth, spanishMonthOf } from '../cash-limit';
import { availableCell, effectiveCell } from '../cell';
import type { CellWithId } from '../cell-document';
import { paymentReceipt } from '../donor-mail';
import { donationEntry, voidEntry, type LedgerRow } from '../ledger';
import { MESSAGES } from '../messages';
import { checkoutTotalCents, formatEuroCents } from '../money';
import { cellAfterRefund, plotCoverage } from '../plot-coverage';
import { decided, movesOf, type Decision, type MailOrder } from './decision';
import { displayOf, mailAddressOf, type DonorOnRecord } from './donor-record';
import type { CashReading } from './staff-registration';

export type StaffRefusal = { ok: false; message: string };

/** Every plot reserved by `uid` at `now`, or the refusal naming the first that is not. */
function reservedBy(
  cells: readonly CellWithId[],
  uid: string | null,
  now: number,
): StaffRefusal | null {
  for (const stored of cells) {
    const cell = effectiveCell(stored, now);
    if (cell.user === uid && cell.status === 'held' && cell.hold?.kind === 'complete') {
      return { ok: false, message: MESSAGES.reservationInCheckout(stored.id) };
    }
    if (cell.user !== uid || cell.status !== 'reserved') {
      return { ok: false, message: MESSAGES.reservationNotHeld(stored.id) };
    }
  }
  return null;
}

export interface StaffCompletionFacts {
  /** The account holding the reservation. */
  holder: DonorOnRecord;
  /** The plots whose rest is paid, as read. */
  cells: readonly CellWithId[];
  method: 'cash' | 'transfer';
  /** The holder's person and cash (only cash counts against the limit). */
  cash: CashReading;
  staffUid: string;
  ledgerId: string;
  mailsQueued: ReadonlySet<string>;
  siteUrl: string;
  now: number;
}

/** The rest of a reservation paid at the parish: the plots bought, a `complete` row, a receipt. */
export function decideStaffCompletion(
  facts: StaffCompletionFacts,
): Decision<{ ok: true; amountCents: number; plots: string[] } | StaffRefusal> {
  const { holder, now } = facts;
  const refusal = reservedBy(facts.cells, holder.uid, now);
  if (refusal) return decided(refusal);
  const amountCents = checkoutTotalCents('complete', facts.cells.length);
  if (facts.method === 'cash') {
    const month = spanishMonthOf(now);
    const check = checkCashLimit(
      personCashOfMonth(facts.cash.entries, facts.cash.person, month),
      amountCents,
    );
    if (!check.ok) {
      const euros = (cents: number) => formatEuroCents(cents).replace(/\s/g, ' ');
      return decided({
        ok: false,
        message: MESSAGES.cashLimitReached(
          euros(check.cashThisMonthCents),
          euros(check.remainingCents),
        ),
      });
    }
  }
  const display = displayOf(holder, holder.uid);
  const plots = facts.cells.map((cell) => cell.id);
  const entry = donationEntry({
    method: facts.method,
    kind: 'complete',
    donor: { uid: holder.uid, email: holder.email, name: holder.name },
    plots,
    amountCents,
    at: now,
    recordedBy: facts.staffUid,
  });
  const mailId = `receipt-${facts.ledgerId}`;
  const to = mailAddressOf(holder);
  const mails: MailOrder[] =
    to && !facts.mailsQueued.has(mailId)
      ? [
          {
            id: mailId,
            to,
            message: paymentReceipt({
              language: holder.language,
              name: holder.name,
              kind: 'complete',
              plots,
              amountCents,
              reservedUntil: null,
              siteUrl: facts.siteUrl,
            }),
          },
        ]
      : [];
  return decided(
    { ok: true, amountCents, plots },
    {
      cells: facts.cells.map((cell) => ({
        before: cell,
        after: {
          ...cell,
          status: 'bought',
          hold: null,
          reserved_until: null,
          donor_display: display,
        },
      })),
      ledger: [{ id: facts.ledgerId, entry }],
      mails,
    },
  );
}

export interface VoidRegistrationFacts {
  /** The staff registration's row, null when there is none. */
  entry: LedgerRow | null;
  /** The certificate it was registered with. */
  certificateCode: string | null;
  /** Every ledger row about the entry's plots (the rows undoing it among them). */
  ledger: readonly LedgerRow[];
  /** The entry's plots as read. */
  cells: readonly CellWithId[];
  staffUid: string;
  voidId: string;
  now: number;
}

/**
 * A registration made by mistake is undone: a `void` row, the plots as what still covers them
 * decides (free again, in the usual case), and the certificate's code free to register again.
 */
export function decideVoidRegistration(
  facts: VoidRegistrationFacts,
): Decision<{ ok: true; plots: string[] } | StaffRefusal> {
  const { entry, now } = facts;
  if (!entry || entry.method === 'card' || entry.recorded_by === null || entry.amount_cents <= 0) {
    return decided({ ok: false, message: MESSAGES.registrationNotVoidable });
  }
  if (facts.ledger.some((row) => row.refund_of === entry.id)) {
    return decided({ ok: false, message: MESSAGES.registrationAlreadyVoided });
  }
  const voided = voidEntry(entry, entry.id, now, facts.staffUid);
  const after = [
    ...facts.ledger.filter((r) => r.id !== entry.id),
    entry,
    { ...voided, id: facts.voidId },
  ];
  const cells = movesOf(
    facts.cells.map((cell) => {
      const next = cellAfterRefund(
        cell,
        entry.donor,
        plotCoverage(after, entry.donor, cell.id),
        now,
      );
      return { before: cell, after: next ? { ...next, id: cell.id } : null };
    }),
  );
  return decided(
    {
      ok: true,
      plots: cells.filter(({ after }) => after.status === 'available').map(({ after }) => after.id),
    },
    {
      cells,
      ledger: [{ id: facts.voidId, entry: voided }],
      codes: facts.certificateCode
        ? [
            {
              code: facts.certificateCode,
              fields: {
                status: 'unassigned',
                user: null,
                email: null,
                mailbox: null,
                name: null,
                is_anonymous_donor: false,
                plots: [],
                reserve: false,
                method: null,
                donation_id: null,
                registered_at: null,
                registered_by: null,
                linked_at: null,
              },
            },
          ]
        : [],
    },
  );
}

/** How far ahead staff may move a reservation's end, from today. */
export const RESERVATION_EXTENSION_MAX_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ReservationChange = { kind: 'extend'; until: number } | { kind: 'release' };

export interface ReservationChangeFacts {
  /** The account holding the reservation (null: a registration awaiting its donor). */
  holder: string | null;
  cells: readonly CellWithId[];
  change: ReservationChange;
  now: number;
}

/**
 * Staff give a donor more time, or release the plots for sale at once. The deposit stays the
 * parish's gift either way, as when a reservation lapses; giving it back is a refund.
 */
export function decideReservationChange(
  facts: ReservationChangeFacts,
): Decision<{ ok: true; plots: string[] } | StaffRefusal> {
  const { change, now } = facts;
  const refusal = reservedBy(facts.cells, facts.holder, now);
  if (refusal) return decided(refusal);
  const plots = facts.cells.map((cell) => cell.id);
  if (change.kind === 'release') {
    return decided(
      { ok: true, plots },
      {
        cells: facts.cells.map((cell) => ({
          before: cell,
          after: { ...availableCell(cell), id: cell.id },
        })),
      },
    );
  }
  const latest = now + RESERVATION_EXTENSION_MAX_DAYS * DAY_MS;
  const later = facts.cells.every(
    (cell) => cell.reserved_until === null || change.until > cell.reserved_until,
  );
  if (!Number.isSafeInteger(change.until) || !later || change.until > latest) {
    return decided({
      ok: false,
      message: MESSAGES.reservationExtensionInvalid(RESERVATION_EXTENSION_MAX_DAYS),
    });
  }
  return decided(
    { ok: true, plots },
    {
      cells: facts.cells.map((cell) => ({
        before: cell,
        after: { ...cell, reserved_until: change.until },
      })),
    },
  );
}
