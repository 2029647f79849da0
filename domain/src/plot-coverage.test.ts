import { describe, expect, it } from 'vitest';
import { RESERVATION_DURATION_MS, availableCell, type Cell } from './cell';
import { donationEntry, refundEntry, type LedgerRow } from './ledger';
import { cellAfterRefund, depositEndedPlots, plotCoverage } from './plot-coverage';

const NOW = Date.UTC(2026, 10, 24, 12);
const DAY = 24 * 60 * 60 * 1000;

function gift(
  id: string,
  kind: 'buy' | 'reserve' | 'complete',
  plots: string[],
  at: number,
  uid = 'ana',
): LedgerRow {
  const amount = { buy: 25000, reserve: 5000, complete: 20000 }[kind] * plots.length;
  const entry = donationEntry({
    method: 'card',
    kind,
    donor: { uid, email: `${uid}@x.es`, name: uid },
    plots,
    amountCents: amount,
    at,
    recordedBy: null,
  });
  return { ...entry, id };
}

function refund(of: LedgerRow, cents: number, at = NOW): LedgerRow {
  return { ...refundEntry(of, of.id, cents, at), id: `refund-${of.id}-${cents}` };
}

const bought: Cell = {
  ...availableCell({ x: 'K', y: 3 }),
  status: 'bought',
  user: 'ana',
  donor_display: 'Ana',
};

describe('plotCoverage', () => {
  it('lists the holder’s gifts for the plot that were not refunded in full', () => {
    const deposit = gift('r1', 'reserve', ['K3'], NOW - 5 * DAY);
    const rest = gift('c1', 'complete', ['K3'], NOW - DAY);
    const other = gift('b2', 'buy', ['K4'], NOW);
    const someoneElse = gift('b3', 'buy', ['K3'], NOW, 'ion');
    const entries = [deposit, rest, other, someoneElse];
    expect(plotCoverage(entries, 'ana', 'K3').map((c) => c.kind)).toEqual(['reserve', 'complete']);
    expect(plotCoverage([...entries, refund(deposit, 5000)], 'ana', 'K3')).toEqual([
      { kind: 'complete', paidAt: NOW - DAY },
    ]);
  });

  it('keeps a gift refunded only in part', () => {
    const purchase = gift('b1', 'buy', ['K3', 'K4'], NOW);
    expect(plotCoverage([purchase, refund(purchase, 25000)], 'ana', 'K3')).toHaveLength(1);
    expect(
      plotCoverage([purchase, refund(purchase, 25000), refund(purchase, 25000)], 'ana', 'K3'),
    ).toHaveLength(0);
  });
  it('drops a deposit whose reservation ended: the holder reserved or bought the plot again since', () => {
    // A cash deposit, its reservation released by staff (the parish keeps the money); the same
    // donor reserves the plot again by card and completes it; both card gifts go back in full.
    const cashDeposit = gift('code:Y6QD6HKN', 'reserve', ['K3', 'K4'], NOW - 20 * DAY);
    const cardDeposit = gift('cs_r', 'reserve', ['K3'], NOW - 10 * DAY);
    const completion = gift('cs_c', 'complete', ['K3'], NOW - 5 * DAY);
    const ledger = [cashDeposit, cardDeposit, completion];
    expect(plotCoverage(ledger, 'ana', 'K3').map((c) => c.kind)).toEqual(['reserve', 'complete']);
    expect(
      plotCoverage([...ledger, refund(cardDeposit, 5000), refund(completion, 20000)], 'ana', 'K3'),
    ).toEqual([]);
    // The other plot of the cash deposit was never taken again: its deposit still covers it.
    expect(plotCoverage(ledger, 'ana', 'K4')).toEqual([
      { kind: 'reserve', paidAt: NOW - 20 * DAY },
    ]);
    // A purchase after the deposit ends it too.
    const purchase = gift('cs_b', 'buy', ['K4'], NOW - DAY);
    expect(plotCoverage([cashDeposit, purchase, refund(purchase, 25000)], 'ana', 'K4')).toEqual([]);
  });
});

describe('cellAfterRefund', () => {
  it('keeps a plot bought while the completion still pays for it (deposit refunded)', () => {
    expect(cellAfterRefund(bought, 'ana', [{ kind: 'complete', paidAt: NOW }], NOW)).toBeNull();
  });

  it('turns a completed plot back into its reservation when only the deposit is left', () => {
    const paidAt = NOW - 10 * DAY;
    const after = cellAfterRefund(bought, 'ana', [{ kind: 'reserve', paidAt }], NOW);
    expect(after).toMatchObject({
      status: 'reserved',
      user: 'ana',
      reserved_until: paidAt + RESERVATION_DURATION_MS,
    });
  });

  it('frees the plot when a lapsed deposit is all that is left, or nothing is', () => {
    const lapsed = [{ kind: 'reserve' as const, paidAt: NOW - 31 * DAY }];
    expect(cellAfterRefund(bought, 'ana', lapsed, NOW)).toEqual(availableCell(bought));
    expect(cellAfterRefund(bought, 'ana', [], NOW)).toEqual(availableCell(bought));
  });

  it('frees a plot inside its holder’s completion checkout when its deposit goes back', () => {
    const inCheckout: Cell = {
      ...bought,
      status: 'held',
      hold: { session_id: 'chk_1', kind: 'complete', expires_at: NOW + 60_000 },
      reserved_until: NOW + DAY,
    };
    expect(cellAfterRefund(inCheckout, 'ana', [], NOW)).toEqual(availableCell(bought));
  });

  it('never touches a plot that is someone else’s now, or in a new checkout', () => {
    expect(cellAfterRefund({ ...bought, user: 'ion' }, 'ana', [], NOW)).toBeNull();
    const heldToBuy: Cell = {
      ...bought,
      status: 'held',
      hold: { session_id: 'chk_2', kind: 'buy', expires_at: NOW + 60_000 },
    };
    expect(cellAfterRefund(heldToBuy, 'ana', [], NOW)).toBeNull();
    expect(cellAfterRefund(availableCell(bought), 'ana', [], NOW)).toBeNull();
  });
});

describe('depositEndedPlots', () => {
  const deposit = gift('d', 'reserve', ['K3', 'K4'], NOW - 40 * DAY);

  it('names the plots the holder no longer holds: the parish keeps their deposit', () => {
    expect(depositEndedPlots([deposit], 'ana', deposit, new Set(['K4']))).toEqual(['K3']);
    expect(depositEndedPlots([deposit], 'ana', deposit, new Set())).toEqual(['K3', 'K4']);
  });

  it('ends nothing while the reservation stands or after its rest was paid', () => {
    const completion = gift('c', 'complete', ['K3', 'K4'], NOW - 35 * DAY);
    const held = new Set(['K3', 'K4']);
    expect(depositEndedPlots([deposit], 'ana', deposit, held)).toEqual([]);
    expect(depositEndedPlots([deposit, completion], 'ana', deposit, held)).toEqual([]);
  });

  it('ended when the holder took the plot again with a later gift', () => {
    const again = gift('again', 'reserve', ['K3'], NOW - 2 * DAY);
    expect(depositEndedPlots([deposit, again], 'ana', deposit, new Set(['K3', 'K4']))).toEqual([
      'K3',
    ]);
    expect(depositEndedPlots([deposit, again], 'ana', again, new Set(['K3', 'K4']))).toEqual([]);
  });

  it('nothing kept of a deposit given back in full, or of a gift that is not a deposit', () => {
    expect(depositEndedPlots([deposit, refund(deposit, 10000)], 'ana', deposit, new Set())).toEqual(
      [],
    );
    expect(depositEndedPlots([deposit, refund(deposit, 5000)], 'ana', deposit, new Set())).toEqual([
      'K3',
      'K4',
    ]);
    const purchase = gift('p', 'buy', ['K5'], NOW);
    expect(depositEndedPlots([purchase], 'ana', purchase, new Set())).toEqual([]);
  });
});
