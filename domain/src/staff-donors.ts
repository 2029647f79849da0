/**
 * A donor's page for staff (issue 32, part 3; docs/screens.md, /staff/donantes/:id): what each
 * ledger row of the page allows (void a staff registration, refund a card gift), the paper
 * certificates and plots, and the page itself. The search is `donor-search.ts`.
 */
import type { DonorPageView } from './api/staff-donors';
import {
  CASH_LIMIT_CENTS_PER_MONTH,
  personCashOfMonth,
  spanishMonthOf,
  type CashEntry,
  type CashPerson,
} from './cash-limit';
import { effectiveCell } from './cell';
import type { CellWithId } from './cell-document';
import { millisOf } from './instant';
import type { LedgerRow } from './ledger';
import { donorLedgerLines } from './ledger-lines';
import { depositEndedPlots } from './plot-coverage';

/** A paper certificate's code as a donor's page and the search read it. */
export interface PaperCertificate {
  code: string;
  status: string;
  user: string | null;
  email: string;
  name: string;
  anonymous: boolean;
  plots: string[];
  registeredAt: number | null;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export function readPaperCertificate(
  code: string,
  data: Record<string, unknown>,
): PaperCertificate {
  return {
    code,
    status: textOf(data.status),
    user: typeof data.user === 'string' && data.user !== '' ? data.user : null,
    email: textOf(data.email).toLowerCase(),
    name: textOf(data.name),
    anonymous: data.is_anonymous_donor === true,
    plots: Array.isArray(data.plots)
      ? data.plots.filter((plot): plot is string => typeof plot === 'string')
      : [],
    registeredAt: millisOf(data.registered_at),
  };
}

/** Registrations still waiting for their donor (no account holds them), latest first. */
export function waitingRegistrations(codes: readonly PaperCertificate[]): PaperCertificate[] {
  return codes
    .filter((code) => code.status === 'registered' && code.user === null && code.email !== '')
    .sort((a, b) => (b.registeredAt ?? 0) - (a.registeredAt ?? 0));
}

/** A plot held for nobody's account: what a registration waiting for its donor holds. */
export const heldForNoAccount = (cell: CellWithId) =>
  cell.user === null && cell.status !== 'available';

/** Whom a plot's holding leads to: its account, or (none) its latest waiting registration. */
export function plotHolderOf(
  cell: CellWithId | null,
  codes: readonly PaperCertificate[],
): { uid: string } | { registration: PaperCertificate } | null {
  if (!cell) return null;
  if (cell.user !== null) return { uid: cell.user };
  const latest = heldForNoAccount(cell) ? waitingRegistrations(codes)[0] : undefined;
  return latest ? { registration: latest } : null;
}

export interface DonorPageFacts {
  id: string;
  identity: DonorPageView['identity'];
  /** The uid of an account; null for a person without one. */
  uid: string | null;
  cells: readonly CellWithId[];
  /** Rows of the person's uid and mailboxes, each with its certificate code if staff registered it. */
  ledger: ReadonlyArray<{ row: LedgerRow; certificateCode: string | null }>;
  certificates: readonly PaperCertificate[];
  cash: { entries: readonly CashEntry[]; person: CashPerson };
  now: number;
}

const isoOf = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString());

/**
 * A donor's page: the rows theirs (another account's rows of a shared mailbox stay on that
 * account's page; a person without an account has the rows no account holds), newest first; the
 * plots; the certificates registered or linked; and the person's cash this month.
 */
export function donorPageOf(facts: DonorPageFacts): DonorPageView {
  const rows = facts.ledger.filter(({ row }) => row.donor === null || row.donor === facts.uid);
  const codeOf = new Map(rows.map(({ row, certificateCode }) => [row.id, certificateCode]));
  const month = spanishMonthOf(facts.now);
  const cash = personCashOfMonth(facts.cash.entries, facts.cash.person, month).reduce(
    (sum, cents) => sum + cents,
    0,
  );
  // The plots as they are now (a reservation past its deadline is for sale, swept or not).
  const cells = facts.cells
    .map((cell) => ({ ...effectiveCell(cell, facts.now), id: cell.id }))
    .filter((cell) => (facts.uid === null ? heldForNoAccount(cell) : cell.user === facts.uid));
  const held = new Set(cells.map((cell) => cell.id));
  const entries = rows.map(({ row }) => row);
  return {
    id: facts.id,
    identity: facts.identity,
    plots: cells
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((cell) => ({
        plot: cell.id,
        status: cell.status,
        reserved_until: isoOf(cell.reserved_until),
      })),
    ledger: donorLedgerLines(entries).map((line) => ({
      id: line.row.id,
      created_at: new Date(line.row.created_at).toISOString(),
      method: line.row.method,
      kind: line.row.kind,
      amount_cents: line.row.amount_cents,
      cells: line.row.cells,
      refund_of: line.row.refund_of,
      certificate_code: codeOf.get(line.row.id) ?? null,
      undone_cents: line.undoneCents,
      voidable: line.voidable,
      refundable_cents: line.refundableCents,
      deposit_kept_plots: depositEndedPlots(entries, facts.uid, line.row, held),
    })),
    certificates: [...facts.certificates]
      .filter((code) => code.status !== 'unassigned')
      .sort((a, b) => (b.registeredAt ?? 0) - (a.registeredAt ?? 0))
      .map((code) => ({
        code: code.code,
        status: code.status,
        plots: code.plots,
        registered_at: isoOf(code.registeredAt),
        reservation_ended: code.plots.length > 0 && code.plots.every((plot) => !held.has(plot)),
      })),
    cash: {
      month,
      cash_cents: cash,
      limit_cents: CASH_LIMIT_CENTS_PER_MONTH,
      remaining_cents: Math.max(0, CASH_LIMIT_CENTS_PER_MONTH - cash),
    },
  };
}
