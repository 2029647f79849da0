/**
 * What must hold of plots and money after any sequence of operations, stated once: the property
 * tests of the core (`properties.test.ts`) and the stack's invariants suite
 * (`tests/invariants/`) both check these, on the core's own store and on Firestore.
 */
import { CASH_LIMIT_CENTS_PER_MONTH } from '../cash-limit';
import { effectiveCell, type Cell } from '../cell';
import type { CellWithId } from '../cell-document';
import { recountProgress, type ProgressCounts } from '../campaign-progress';
import { isUndoingKind, type LedgerRow } from '../ledger';
import { recountSummary, sameSummary, type LedgerSummary } from '../ledger-summary';
import { plotCoverage } from '../plot-coverage';

export type CoreInvariant =
  'money' | 'coverage' | 'holders' | 'cash' | 'privacy' | 'progress' | 'mail' | 'erasure';

export interface CoreViolation {
  invariant: CoreInvariant;
  message: string;
}

const euros = (cents: number) => `${(cents / 100).toFixed(2)} €`;

/** The ledger's net of one way of paying: gifts less what undid them. */
export function ledgerNet(ledger: readonly LedgerRow[], method: (m: string) => boolean): number {
  return ledger.filter((row) => method(row.method)).reduce((sum, row) => sum + row.amount_cents, 0);
}

/**
 * Money is conserved: the card rows' net equals what the card processor captured less what it
 * refunded; the cash and transfer rows' net equals what staff recorded less what they voided.
 */
export function checkMoney(
  ledger: readonly LedgerRow[],
  expected: { cardCapturedCents: number; cardRefundedCents: number; staffNetCents: number },
): CoreViolation[] {
  const card = ledgerNet(ledger, (m) => m === 'card');
  const staff = ledgerNet(ledger, (m) => m !== 'card');
  const cardExpected = expected.cardCapturedCents - expected.cardRefundedCents;
  const out: CoreViolation[] = [];
  if (card !== cardExpected) {
    out.push({
      invariant: 'money',
      message: `card rows net ${euros(card)}, captured ${euros(expected.cardCapturedCents)} - refunded ${euros(expected.cardRefundedCents)} = ${euros(cardExpected)}`,
    });
  }
  if (staff !== expected.staffNetCents) {
    out.push({
      invariant: 'money',
      message: `cash and transfer rows net ${euros(staff)}, staff recorded ${euros(expected.staffNetCents)}`,
    });
  }
  for (const row of ledger) {
    if (isUndoingKind(row.kind) && row.amount_cents >= 0) {
      out.push({
        invariant: 'money',
        message: `${row.id}: a ${row.kind} row of ${euros(row.amount_cents)}`,
      });
    }
    if (!isUndoingKind(row.kind) && row.amount_cents <= 0) {
      out.push({
        invariant: 'money',
        message: `${row.id}: a ${row.kind} gift of ${euros(row.amount_cents)}`,
      });
    }
  }
  return out;
}

const describe = (cell: Cell) =>
  `${cell.status}${cell.hold ? `/${cell.hold.kind}` : ''} user=${cell.user ?? 'null'}`;

/** The holders whose unrefunded purchase (or completion) covers the plot. */
function buyers(ledger: readonly LedgerRow[], plot: string): Array<string | null> {
  const holders = new Set(
    ledger
      .filter((row) => !isUndoingKind(row.kind) && row.cells.includes(plot))
      .map((row) => row.donor),
  );
  return [...holders].filter((holder) =>
    plotCoverage(ledger, holder, plot).some((gift) => gift.kind !== 'reserve'),
  );
}

/**
 * A plot is bought exactly when an unrefunded purchase or completion of its holder covers it,
 * and reserved only while an unrefunded gift of its holder does; never two holders of one plot.
 * (A deposit may outlive its reservation: lapsed, or released by staff, the plot is for sale.)
 */
export function checkCoverage(
  cells: readonly CellWithId[],
  ledger: readonly LedgerRow[],
  now: number,
): CoreViolation[] {
  const out: CoreViolation[] = [];
  for (const stored of cells) {
    const cell = effectiveCell(stored, now);
    const holders = buyers(ledger, stored.id);
    if (holders.length > 1) {
      out.push({
        invariant: 'holders',
        message: `${stored.id}: unrefunded purchases of ${holders.map(String).join(' and ')}`,
      });
      continue;
    }
    const coverage = plotCoverage(ledger, cell.user, stored.id);
    if (cell.status === 'bought' && !coverage.some((gift) => gift.kind !== 'reserve')) {
      out.push({
        invariant: 'coverage',
        message: `${stored.id}: ${describe(cell)}, no unrefunded purchase of its holder`,
      });
    }
    const depositPaid =
      cell.status === 'reserved' || (cell.status === 'held' && cell.hold?.kind === 'complete');
    if (depositPaid && coverage.length === 0) {
      out.push({
        invariant: 'coverage',
        message: `${stored.id}: ${describe(cell)}, no unrefunded gift of its holder`,
      });
    }
    const buyer = holders[0];
    if (holders.length === 1 && (cell.status !== 'bought' || cell.user !== buyer)) {
      out.push({
        invariant: 'coverage',
        message: `${stored.id}: ${describe(cell)}, but an unrefunded purchase of ${String(buyer)} covers it`,
      });
    }
  }
  return out;
}

/** No person gives more than 999.99 € in cash in one Spanish month (voided gifts count nothing). */
export function checkCash(
  ledger: readonly LedgerRow[],
  personOf: (row: LedgerRow) => string,
): CoreViolation[] {
  const undone = new Set(ledger.flatMap((row) => (row.refund_of ? [row.refund_of] : [])));
  const totals = new Map<string, number>();
  for (const row of ledger) {
    if (row.method !== 'cash' || row.amount_cents <= 0 || undone.has(row.id)) continue;
    const key = `${personOf(row)} in ${row.month}`;
    totals.set(key, (totals.get(key) ?? 0) + row.amount_cents);
  }
  return [...totals]
    .filter(([, cents]) => cents > CASH_LIMIT_CENTS_PER_MONTH)
    .map(([key, cents]) => ({ invariant: 'cash', message: `${key}: ${euros(cents)} in cash` }));
}

/** No name that must stay hidden (an anonymous donor's) appears in any public text. */
export function checkPrivacy(
  publicTexts: ReadonlyArray<{ where: string; text: string }>,
  hiddenNames: Iterable<string>,
): CoreViolation[] {
  const out: CoreViolation[] = [];
  for (const name of hiddenNames) {
    if (name === '') continue;
    for (const { where, text } of publicTexts) {
      if (text.includes(name))
        out.push({ invariant: 'privacy', message: `${where} shows ${name}` });
    }
  }
  return out;
}

/**
 * An erased account's name and e-mail are nowhere but its blocked record (docs/product.md,
 * "Leaving"): not in its ledger rows (which stay), not on the certificates linked to it, not on
 * the map; its plots stay the parish's gifts.
 */
export function checkErasure(
  erased: ReadonlyMap<string, { name: string }>,
  rows: readonly LedgerRow[],
  cells: readonly CellWithId[],
  codes: Iterable<[string, { user?: string | null; name?: string | null; email?: string | null }]>,
): CoreViolation[] {
  const out: CoreViolation[] = [];
  const codeList = [...codes];
  for (const [uid, { name }] of erased) {
    for (const row of rows) {
      if (row.donor !== uid) continue;
      if (row.donor_name !== '' || row.donor_email !== '')
        out.push({
          invariant: 'erasure',
          message: `row ${row.id} of erased ${uid} still names them`,
        });
    }
    for (const cell of cells) {
      if (name !== '' && cell.donor_display === name)
        out.push({
          invariant: 'erasure',
          message: `the map shows erased ${uid}'s name on ${cell.id}`,
        });
    }
    for (const [code, fields] of codeList) {
      if (fields.user !== uid) continue;
      if ((fields.name ?? '') !== '' || (fields.email ?? '') !== '')
        out.push({
          invariant: 'erasure',
          message: `certificate ${code} still names erased ${uid}`,
        });
    }
  }
  return out;
}

/**
 * Mail goes only to an address its account has proven (docs/product.md, "What an unverified
 * account receives"): never to one an unverified sign-up squats.
 */
export function checkMailRecipients(
  mails: Iterable<{ id: string; to: string }>,
  isProven: (address: string) => boolean,
): CoreViolation[] {
  return [...mails]
    .filter((mail) => !isProven(mail.to))
    .map((mail) => ({
      invariant: 'mail',
      message: `${mail.id} queued to ${mail.to}, an address nobody proved`,
    }));
}

/**
 * The counts the transactions moved say what a recount of every plot says, and what was raised
 * is the ledger's net.
 */
export function checkProgress(
  counts: ProgressCounts,
  cells: Iterable<Cell>,
  ledger: readonly LedgerRow[],
): CoreViolation[] {
  const recount = recountProgress(cells, ledger);
  return JSON.stringify(counts) === JSON.stringify(recount)
    ? []
    : [
        {
          invariant: 'progress',
          message: `progress ${JSON.stringify(counts)}, a recount ${JSON.stringify(recount)}`,
        },
      ];
}

/** The staff panel's totals, moved by every transaction, are the ledger's sums exactly. */
export function checkLedgerSummary(
  summary: LedgerSummary,
  ledger: readonly LedgerRow[],
): CoreViolation[] {
  const recount = recountSummary(ledger);
  return sameSummary(summary, recount)
    ? []
    : [
        {
          invariant: 'progress',
          message: `the ledger's totals ${JSON.stringify(summary)}, a recount ${JSON.stringify(recount)}`,
        },
      ];
}
