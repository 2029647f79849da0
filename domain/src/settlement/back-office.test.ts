import { describe, expect, it } from 'vitest';
import { availableCell, RESERVATION_DURATION_MS } from '../cell';
import type { CellWithId } from '../cell-document';
import { donationEntry, type LedgerRow } from '../ledger';
import { parsePlotCode } from '../plot-code';
import {
  decideReservationChange,
  decideStaffCompletion,
  decideVoidRegistration,
  type StaffCompletionFacts,
} from './back-office';
import { writesNothing } from './decision';
import type { DonorOnRecord } from './donor-record';

const NOW = Date.UTC(2026, 10, 26, 10, 0);
const DAY = 24 * 60 * 60 * 1000;
const ANA: DonorOnRecord = {
  uid: 'u-ana',
  name: 'Ana Pop',
  email: 'ana@example.test',
  personal_code: 'ANA7K3QZ',
  is_anonymous_donor: false,
  language: 'ro',
  mailboxes: ['ana@example.test'],
  verified: true,
};
const context = (reason: string | null = null) => ({
  staffUid: 'staff-1',
  actionId: 'act-1',
  reason,
  now: NOW,
});

function plot(code: string, fields: Partial<CellWithId> = {}): CellWithId {
  return { ...availableCell(parsePlotCode(code)), id: code, ...fields };
}
const reservedByAna = (code: string, until = NOW + 10 * DAY) =>
  plot(code, {
    status: 'reserved',
    user: 'u-ana',
    donor_display: 'Ana Pop',
    reserved_until: until,
  });

function row(id: string, fields: Partial<Parameters<typeof donationEntry>[0]> = {}): LedgerRow {
  return {
    id,
    ...donationEntry({
      method: 'cash',
      kind: 'buy',
      donor: { uid: 'u-ana', email: ANA.email, name: ANA.name },
      plots: ['K3'],
      amountCents: 25_000,
      at: NOW - DAY,
      recordedBy: 'staff-1',
      ...fields,
    }),
  };
}

function completion(overrides: Partial<StaffCompletionFacts> = {}) {
  return decideStaffCompletion({
    holder: ANA,
    registeredFor: null,
    cells: [reservedByAna('K3'), reservedByAna('K4')],
    method: 'transfer',
    cash: { person: { uids: ['u-ana'], mailboxes: ANA.mailboxes }, entries: [] },
    ledgerIds: ['d1', 'd2'],
    siteUrl: 'https://parroquia.test',
    context: context(),
    ...overrides,
  });
}

describe('staff record the rest of a reservation', () => {
  it('buys the plots, one complete row of 200 EUR per plot, a receipt in her language, the action on record', () => {
    const decision = completion();
    expect(decision.outcome).toEqual({ ok: true, amountCents: 40_000, plots: ['K3', 'K4'] });
    expect(
      decision.cells.map(({ after }) => [after.id, after.status, after.reserved_until]),
    ).toEqual([
      ['K3', 'bought', null],
      ['K4', 'bought', null],
    ]);
    expect(
      decision.ledger.map(({ id, entry }) => [
        id,
        entry.kind,
        entry.method,
        entry.amount_cents,
        entry.cells,
      ]),
    ).toEqual([
      ['d1', 'complete', 'transfer', 20_000, ['K3']],
      ['d2', 'complete', 'transfer', 20_000, ['K4']],
    ]);
    expect(decision.mails).toHaveLength(1);
    expect(decision.mails[0]!.message.subject).toContain('Chitanța');
    expect(decision.actions[0]).toMatchObject({
      action: 'complete',
      staff: 'staff-1',
      donations: ['d1', 'd2'],
    });
    expect(decision.actions[0]!.before.map((p) => p.status)).toEqual(['reserved', 'reserved']);
  });

  it('refuses cash that would take the person past 999.99 EUR this month, writing nothing', () => {
    const decision = completion({
      method: 'cash',
      cash: {
        person: { uids: ['u-ana'], mailboxes: ANA.mailboxes },
        entries: [row('g1', { amountCents: 60_000, at: NOW })],
      },
    });
    expect(decision.outcome).toMatchObject({ ok: false });
    expect((decision.outcome as { message: string }).message).toContain('600,00');
    expect(writesNothing(decision)).toBe(true);
  });

  it("refuses a plot in the donor's own card checkout, another holder's, or a lapsed reservation", () => {
    const inCheckout = reservedByAna('K3');
    const held = {
      ...inCheckout,
      status: 'held' as const,
      hold: { session_id: 'chk', kind: 'complete' as const, expires_at: NOW + DAY },
    };
    expect(completion({ cells: [held] }).outcome).toMatchObject({
      ok: false,
      message: expect.stringContaining('pago con tarjeta'),
    });
    const others = plot('K3', { status: 'reserved', user: 'u-ion', reserved_until: NOW + DAY });
    expect(completion({ cells: [others] }).outcome).toMatchObject({
      ok: false,
      message: expect.stringContaining('K3'),
    });
    expect(completion({ cells: [reservedByAna('K3', NOW - 1)] }).outcome).toMatchObject({
      ok: false,
    });
    expect(completion({ cells: [] }).outcome).toMatchObject({ ok: false });
  });

  it('completes a registration still waiting for its donor: the rows name whom staff registered it for, no mail', () => {
    const waiting = plot('K3', {
      status: 'reserved',
      user: null,
      donor_display: 'María',
      reserved_until: NOW + DAY,
    });
    const decision = completion({
      holder: null,
      registeredFor: { email: 'maria@example.test', name: 'María', code: 'C0DE2345' },
      cells: [waiting],
      ledgerIds: ['d1'],
    });
    expect(decision.outcome).toMatchObject({ ok: true });
    expect(decision.ledger[0]!.entry).toMatchObject({
      donor: null,
      donor_email: 'maria@example.test',
      donor_name: 'María',
    });
    // The row carries the registration's code: the donor's claim of it makes the row theirs.
    expect(decision.ledger[0]!.certificate_code).toBe('C0DE2345');
    expect(decision.cells[0]!.after).toMatchObject({
      status: 'bought',
      user: null,
      donor_display: 'María',
    });
    expect(decision.mails).toEqual([]);
  });
});

describe('staff void a registration made by mistake', () => {
  const gift = row('g1', { plots: ['K3'] });
  const bought = plot('K3', { status: 'bought', user: 'u-ana', donor_display: 'Ana Pop' });
  const voiding = (entry: LedgerRow | null, ledger: LedgerRow[] = entry ? [entry] : []) =>
    decideVoidRegistration({
      entry,
      certificateCode: 'CODE2345',
      ledger,
      cells: [bought],
      voidId: 'v1',
      context: context('wrong plot'),
    });

  it('writes a void row of the whole amount naming it, frees the plot, unassigns the code, records who and why', () => {
    const decision = voiding(gift);
    expect(decision.outcome).toEqual({ ok: true, plots: ['K3'] });
    expect(decision.ledger[0]).toMatchObject({
      id: 'v1',
      entry: {
        kind: 'void',
        method: 'cash',
        amount_cents: -25_000,
        refund_of: 'g1',
        recorded_by: 'staff-1',
      },
    });
    expect(decision.cells[0]!.after).toMatchObject({
      status: 'available',
      user: null,
      donor_display: null,
    });
    expect(decision.codes[0]).toMatchObject({
      code: 'CODE2345',
      fields: { status: 'unassigned', user: null, plots: [] },
    });
    expect(decision.actions[0]).toMatchObject({
      action: 'void',
      reason: 'wrong plot',
      donations: ['g1', 'v1'],
    });
  });

  it('voiding the rest recorded at the parish leaves its registration and code standing', () => {
    const rest = {
      ...row('r1', { plots: ['K3'] }),
      kind: 'complete' as const,
      amount_cents: 20_000,
    };
    const decision = voiding(rest, [rest]);
    expect(decision.outcome).toMatchObject({ ok: true });
    expect(decision.codes).toEqual([]);
  });

  it('keeps the plot bought when another gift of the holder still pays for it', () => {
    const other = row('g0', { plots: ['K3'], method: 'transfer' });
    expect(voiding(gift, [other, gift]).cells).toEqual([]);
  });

  it('refuses a card gift, an undoing row, an unknown row, and a second void; nothing written', () => {
    const card = { ...row('c1'), method: 'card' as const, recorded_by: null };
    const undone = {
      ...gift,
      id: 'v0',
      kind: 'void' as const,
      amount_cents: -25_000,
      refund_of: 'g1',
    };
    for (const decision of [
      voiding(card),
      voiding(undone),
      voiding(null),
      voiding(gift, [gift, undone]),
    ]) {
      expect(decision.outcome).toMatchObject({ ok: false });
      expect(writesNothing(decision)).toBe(true);
    }
  });
});

describe('staff extend or release a reservation', () => {
  const change = (cells: CellWithId[], kind: 'release' | { until: number }) =>
    decideReservationChange({
      holder: 'u-ana',
      cells,
      change: kind === 'release' ? { kind: 'release' } : { kind: 'extend', until: kind.until },
      context: context('asked by phone'),
    });

  it('moves the deadline later by at most 30 days past it; earlier or further is refused', () => {
    const end = NOW + 5 * DAY;
    const ok = change([reservedByAna('K3', end)], { until: end + 30 * DAY });
    expect(ok.outcome).toEqual({ ok: true, plots: ['K3'] });
    expect(ok.cells[0]!.after.reserved_until).toBe(end + 30 * DAY);
    expect(ok.actions[0]).toMatchObject({ action: 'extend', reason: 'asked by phone' });
    for (const until of [end, end - DAY, end + 30 * DAY + 1]) {
      expect(writesNothing(change([reservedByAna('K3', end)], { until }))).toBe(true);
    }
    expect(RESERVATION_DURATION_MS).toBe(30 * DAY);
  });

  it('chained extensions reach at most 30 days past the first deadline, which the plot keeps', () => {
    const first = NOW + 5 * DAY;
    let cells = [reservedByAna('K3', first)];
    for (const until of [first + 10 * DAY, first + 20 * DAY, first + 30 * DAY]) {
      const step = change(cells, { until });
      expect(step.outcome).toEqual({ ok: true, plots: ['K3'] });
      cells = step.cells.map(({ after }) => after);
      expect(cells[0]).toMatchObject({ reserved_until: until, first_reserved_until: first });
    }
    const past = change(cells, { until: first + 30 * DAY + DAY });
    expect(writesNothing(past)).toBe(true);
    expect(past.outcome).toMatchObject({
      ok: false,
      message: expect.stringMatching(/como mucho hasta el/),
    });
  });

  it('releases the plots for sale now; the ledger is not touched', () => {
    const released = change([reservedByAna('K3'), reservedByAna('K4')], 'release');
    expect(released.cells.map(({ after }) => after.status)).toEqual(['available', 'available']);
    expect(released.ledger).toEqual([]);
    expect(released.actions[0]).toMatchObject({ action: 'release', plots: ['K3', 'K4'] });
  });
});
