/**
 * The money operations of the parish's back office: staff record the rest of a reservation as
 * paid in cash or by transfer, void a registration made by mistake, and extend or release a
 * reservation. Each is recorded as a staff action (who, when, what, why, the plots before and
 * after), append-only.
 */
import { checkCashLimit, personCashOfMonth, spanishMonthOf } from '../cash-limit';
import { availableCell, effectiveCell, type Cell } from '../cell';
import type { CellWithId } from '../cell-document';
import { paymentReceipt } from '../donor-mail';
import { donationEntry, spanishDateTime, voidEntry, type LedgerRow } from '../ledger';
import { MESSAGES } from '../messages';
import { formatEuroCents, pricePerPlotCents } from '../money';
import {
  decided,
  movesAfterUndoing,
  type CellMove,
  type CertificateCodeChange,
  type Decision,
  type MailOrder,
  type StaffAction,
  type StaffActionKind,
} from './decision';
import { displayOf, mailAddressOf, type DonorOnRecord } from './donor-record';
import { plotState, type CashReading } from './staff-registration';

export type StaffRefusal = { ok: false; message: string };

/** Who a staff action is recorded for: the staff member, the action's id, why, when. */
export interface StaffContext {
  staffUid: string;
  actionId: string;
  reason: string | null;
  now: number;
}

/** The plots as a staff action's record shows them. */
const plotStates = (cells: readonly CellWithId[]) => cells.map(plotState);

function action(
  kind: StaffActionKind,
  context: StaffContext,
  moves: readonly CellMove[],
  donations: string[],
): StaffAction {
  return {
    id: context.actionId,
    action: kind,
    staff: context.staffUid,
    at: context.now,
    reason: context.reason,
    plots: moves.map(({ after }) => after.id),
    donations,
    before: plotStates(moves.flatMap(({ before }) => (before ? [before] : []))),
    after: plotStates(moves.map(({ after }) => after)),
  };
}

/** Every plot reserved by `holder` at `now`, or the refusal naming the first that is not. */
function reservedBy(
  cells: readonly CellWithId[],
  holder: string | null,
  now: number,
): StaffRefusal | null {
  if (cells.length === 0) return { ok: false, message: MESSAGES.selectionEmpty };
  for (const stored of cells) {
    const cell = effectiveCell(stored, now);
    if (cell.user === holder && cell.status === 'held' && cell.hold?.kind === 'complete') {
      return { ok: false, message: MESSAGES.reservationInCheckout(stored.id) };
    }
    if (cell.user !== holder || cell.status !== 'reserved') {
      return { ok: false, message: MESSAGES.reservationNotHeld(stored.id) };
    }
  }
  return null;
}

export interface StaffCompletionFacts {
  /** The account holding the reservation; null: a registration still waiting for its donor. */
  holder: DonorOnRecord | null;
  /**
   * For a registration waiting for its donor: who staff registered it for, and its code (the
   * rows of the rest carry it, so the donor's claim of the code makes them theirs too).
   */
  registeredFor: { email: string; name: string; code: string } | null;
  /** The plots whose rest is paid, as read (all of one holder). */
  cells: readonly CellWithId[];
  method: 'cash' | 'transfer';
  /** The holder's person and cash (only cash counts against the limit). */
  cash: CashReading;
  /** One new ledger row per plot, in the order of `cells` (the receipt is named by the first). */
  ledgerIds: readonly string[];
  siteUrl: string;
  context: StaffContext;
}

/**
 * The rest of a reservation paid at the parish: the plots bought, a `complete` row per plot, a
 * receipt for an account with an address, and the staff action.
 */
export function decideStaffCompletion(
  facts: StaffCompletionFacts,
): Decision<{ ok: true; amountCents: number; plots: string[] } | StaffRefusal> {
  const { holder, context } = facts;
  const { now } = context;
  const uid = holder?.uid ?? null;
  const refusal = reservedBy(facts.cells, uid, now);
  if (refusal) return decided(refusal);
  const perPlot = pricePerPlotCents('complete');
  const amountCents = perPlot * facts.cells.length;
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
  const donor = holder
    ? { uid: holder.uid, email: holder.email, name: holder.name }
    : { uid: null, email: facts.registeredFor?.email ?? '', name: facts.registeredFor?.name ?? '' };
  const plots = facts.cells.map((cell) => cell.id);
  const waitingCode = holder ? undefined : facts.registeredFor?.code;
  const ledger = facts.cells.map((cell, index) => ({
    id: facts.ledgerIds[index]!,
    ...(waitingCode ? { certificate_code: waitingCode } : {}),
    entry: donationEntry({
      method: facts.method,
      kind: 'complete',
      donor,
      plots: [cell.id],
      amountCents: perPlot,
      at: now,
      recordedBy: context.staffUid,
    }),
  }));
  const cells = facts.cells.map((cell) => ({
    before: cell,
    after: {
      ...cell,
      status: 'bought' as const,
      hold: null,
      reserved_until: null,
      donor_display: holder ? displayOf(holder, holder.uid) : cell.donor_display,
    },
  }));
  return decided(
    { ok: true, amountCents, plots },
    {
      cells,
      ledger,
      mails: completionReceipt(facts, plots, amountCents),
      actions: [
        action(
          'complete',
          context,
          cells,
          ledger.map(({ id }) => id),
        ),
      ],
    },
  );
}

function completionReceipt(
  facts: StaffCompletionFacts,
  plots: string[],
  amountCents: number,
): MailOrder[] {
  const id = `receipt-${facts.ledgerIds[0]}`;
  const to = mailAddressOf(facts.holder);
  if (!to || !facts.holder) return [];
  const message = paymentReceipt({
    language: facts.holder.language,
    name: facts.holder.name,
    kind: 'complete',
    plots,
    amountCents,
    reservedUntil: null,
    siteUrl: facts.siteUrl,
  });
  return [{ id, to, message }];
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
  voidId: string;
  context: StaffContext;
}

/**
 * A registration made by mistake is undone: a `void` row, the plots as what still covers them
 * decides (free again, in the usual case), and the certificate's code free to register again.
 */
export function decideVoidRegistration(
  facts: VoidRegistrationFacts,
): Decision<{ ok: true; plots: string[] } | StaffRefusal> {
  const { entry, context } = facts;
  const { now } = context;
  if (!entry || entry.method === 'card' || entry.recorded_by === null || entry.amount_cents <= 0) {
    return decided({ ok: false, message: MESSAGES.registrationNotVoidable });
  }
  if (facts.ledger.some((row) => row.refund_of === entry.id)) {
    return decided({ ok: false, message: MESSAGES.registrationAlreadyVoided });
  }
  const voided = voidEntry(entry, entry.id, now, context.staffUid);
  const after = [
    ...facts.ledger.filter((row) => row.id !== entry.id),
    entry,
    { ...voided, id: facts.voidId },
  ];
  const cells = movesAfterUndoing(facts.cells, entry.donor, after, now);

  return decided(
    {
      ok: true,
      plots: cells
        .filter(({ after: cell }) => cell.status === 'available')
        .map(({ after: cell }) => cell.id),
    },
    {
      cells,
      ledger: [
        { id: facts.voidId, entry: voided, ...(context.reason ? { reason: context.reason } : {}) },
      ],
      // The registration's own row frees its code; the rest of its reservation, recorded at the
      // parish, carries the code too but undoing it leaves the registration standing.
      codes:
        facts.certificateCode && entry.kind !== 'complete'
          ? [{ code: facts.certificateCode, fields: UNASSIGNED }]
          : [],
      actions: [action('void', context, cells, [entry.id, facts.voidId])],
    },
  );
}

/** A certificate code as generated, ready to be registered again. */
const UNASSIGNED: CertificateCodeChange['fields'] = {
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
};

/**
 * How far past its first deadline staff may move a reservation's, all extensions together: a
 * reservation is a deposit of 50 EUR holding a 250 EUR plot off sale, so a month more is what a
 * donor waiting for a transfer or a pension needs, while chained extensions can no longer keep a
 * plot from other donors for half a year (five extensions once held one for 180 days).
 */
export const RESERVATION_EXTENSION_MAX_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last day a deadline covers (it ends at that day's midnight in Spain), `YYYY-MM-DD`. */
export function lastDayOf(deadline: number): string {
  return spanishDateTime(deadline - 1).slice(0, 10);
}

/**
 * The latest deadline the reservation of `cells` may be extended to: the earliest of its plots'
 * first deadlines plus the ceiling (`fallback` for a plot with no deadline recorded).
 */
export function latestExtensionOf(
  cells: ReadonlyArray<Pick<Cell, 'reserved_until' | 'first_reserved_until'>>,
  fallback: number,
): number {
  return Math.min(
    ...cells.map((cell) => {
      const first = cell.first_reserved_until ?? cell.reserved_until;
      return first === null ? fallback : first + RESERVATION_EXTENSION_MAX_DAYS * DAY_MS;
    }),
  );
}

export type ReservationChange = { kind: 'extend'; until: number } | { kind: 'release' };

export interface ReservationChangeFacts {
  /** The account holding the reservation (null: a registration awaiting its donor). */
  holder: string | null;
  cells: readonly CellWithId[];
  change: ReservationChange;
  context: StaffContext;
}

/**
 * Staff give a donor more time, or release the plots for sale at once. The deposit stays the
 * parish's gift either way, as when a reservation lapses; giving it back is a refund.
 */
export function decideReservationChange(
  facts: ReservationChangeFacts,
): Decision<{ ok: true; plots: string[] } | StaffRefusal> {
  const { change, context } = facts;
  const refusal = reservedBy(facts.cells, facts.holder, context.now);
  if (refusal) return decided(refusal);
  const plots = facts.cells.map((cell) => cell.id);
  if (change.kind === 'release') {
    const cells = facts.cells.map((cell) => ({
      before: cell,
      after: { ...availableCell(cell), id: cell.id },
    }));
    return decided(
      { ok: true, plots },
      { cells, actions: [action('release', context, cells, [])] },
    );
  }
  const latest = latestExtensionOf(facts.cells, context.now);
  const fits = facts.cells.every((cell) => change.until > (cell.reserved_until ?? context.now));
  if (!Number.isSafeInteger(change.until) || !fits) {
    return decided({
      ok: false,
      message: MESSAGES.reservationExtensionInvalid(RESERVATION_EXTENSION_MAX_DAYS),
    });
  }
  if (change.until > latest) {
    return decided({
      ok: false,
      message: MESSAGES.reservationExtensionPastCeiling(
        RESERVATION_EXTENSION_MAX_DAYS,
        lastDayOf(latest).split('-').reverse().join('/'),
      ),
    });
  }
  const cells = facts.cells.map((cell) => ({
    before: cell,
    after: {
      ...cell,
      reserved_until: change.until,
      first_reserved_until: cell.first_reserved_until ?? cell.reserved_until,
    },
  }));
  return decided({ ok: true, plots }, { cells, actions: [action('extend', context, cells, [])] });
}
