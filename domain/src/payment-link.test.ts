import { describe, expect, it } from 'vitest';
import { availableCell, type Cell } from './cell';
import { parsePlotCode } from './plot-code';
import {
  decideLinkCreation,
  linkStateAt,
  marksLinkPaid,
  MAX_OPEN_PAYMENT_LINKS,
  MAX_PAYMENT_LINKS_PER_DAY,
  PAYMENT_LINK_LIFETIME_MS,
  payablePlots,
  type LinkCreationFacts,
} from './payment-link';

const NOW = Date.UTC(2026, 10, 26, 10, 0);
const DAY = 24 * 60 * 60 * 1000;

const plot = (code: string, fields: Partial<Cell> = {}): { code: string; cell: Cell } => ({
  code,
  cell: { ...availableCell(parsePlotCode(code)), ...fields },
});
const reservedBy = (uid: string, until = NOW + 20 * DAY): Partial<Cell> => ({
  status: 'reserved',
  user: uid,
  donor_display: 'Ana',
  reserved_until: until,
});

const facts = (overrides: Partial<LinkCreationFacts> = {}): LinkCreationFacts => ({
  uid: 'ana',
  kind: 'complete',
  plots: [plot('K3', reservedBy('ana')), plot('K4', reservedBy('ana'))],
  donorLinks: [],
  now: NOW,
  ...overrides,
});

describe('making a payment link', () => {
  it("for the rest of the donor's reservation: the rest's amount, a week at most", () => {
    expect(decideLinkCreation(facts())).toEqual({
      ok: true,
      plots: ['K3', 'K4'],
      amountCents: 40_000,
      expiresAt: NOW + PAYMENT_LINK_LIFETIME_MS,
    });
  });

  it('never outlives the reservation it pays', () => {
    const ending = NOW + 2 * DAY;
    const made = decideLinkCreation(
      facts({ plots: [plot('K3', reservedBy('ana')), plot('K4', reservedBy('ana', ending))] }),
    );
    expect(made).toMatchObject({ ok: true, expiresAt: ending });
  });

  it("refuses another donor's reservation, a lapsed one, and a free plot", () => {
    for (const cell of [
      plot('K4', reservedBy('bea')),
      plot('K4', reservedBy('ana', NOW - 1)),
      plot('K4'),
    ]) {
      expect(decideLinkCreation(facts({ plots: [plot('K3', reservedBy('ana')), cell] }))).toEqual({
        ok: false,
        reason: 'not-your-reservation',
        plot: 'K4',
      });
    }
  });

  it('buys only plots free when the link is made', () => {
    expect(decideLinkCreation(facts({ kind: 'buy', plots: [plot('K3')] }))).toMatchObject({
      ok: true,
      amountCents: 25_000,
    });
    expect(
      decideLinkCreation(
        facts({ kind: 'buy', plots: [plot('K3'), plot('K4', reservedBy('bea'))] }),
      ),
    ).toEqual({ ok: false, reason: 'plot-not-free', plot: 'K4' });
  });

  it('refuses an unknown plot', () => {
    expect(decideLinkCreation(facts({ plots: [{ code: 'Z9', cell: null }] }))).toEqual({
      ok: false,
      reason: 'unknown-plot',
      plot: 'Z9',
    });
  });

  it('at most a few open at once; expired, paid and cancelled ones do not count', () => {
    const open = { state: 'open' as const, expiresAt: NOW + DAY, createdAt: NOW - 2 * DAY };
    const links = Array.from({ length: MAX_OPEN_PAYMENT_LINKS }, () => open);
    expect(decideLinkCreation(facts({ donorLinks: links }))).toEqual({
      ok: false,
      reason: 'too-many-open',
    });
    const closed = [
      { ...open, state: 'paid' as const },
      { ...open, state: 'cancelled' as const },
      { ...open, expiresAt: NOW },
    ];
    expect(decideLinkCreation(facts({ donorLinks: [...links.slice(1), ...closed] })).ok).toBe(true);
  });

  it('at most so many made in a day, whatever became of them', () => {
    const paid = { state: 'paid' as const, expiresAt: NOW + DAY, createdAt: NOW - DAY + 1 };
    const links = Array.from({ length: MAX_PAYMENT_LINKS_PER_DAY }, () => paid);
    expect(decideLinkCreation(facts({ donorLinks: links }))).toEqual({
      ok: false,
      reason: 'too-many-today',
    });
    const older = links.map((link) => ({ ...link, createdAt: NOW - DAY }));
    expect(decideLinkCreation(facts({ donorLinks: older })).ok).toBe(true);
  });
});

describe("a link's state", () => {
  it('is expired once its time is up, unless it was paid or cancelled', () => {
    expect(linkStateAt({ state: 'open', expiresAt: NOW + 1 }, NOW)).toBe('open');
    expect(linkStateAt({ state: 'open', expiresAt: NOW }, NOW)).toBe('expired');
    expect(linkStateAt({ state: 'paid', expiresAt: NOW }, NOW)).toBe('paid');
    expect(linkStateAt({ state: 'cancelled', expiresAt: NOW }, NOW)).toBe('cancelled');
  });
});

describe('what the payer can still pay', () => {
  const link = { uid: 'ana', kind: 'complete' as const, plots: ['K3', 'K4'], checkoutId: 'chk_1' };

  it("the donor's reservations still theirs; a plot lost meanwhile is named", () => {
    const cells = [plot('K3', reservedBy('ana')), plot('K4', reservedBy('ana', NOW - 1))];
    expect(payablePlots(link, cells, NOW)).toEqual({ payable: ['K3'], taken: ['K4'] });
  });

  it("a plot held by the link's own last checkout is still payable, another's is not", () => {
    const held = (session: string) => ({
      ...reservedBy('ana'),
      status: 'held' as const,
      hold: { session_id: session, kind: 'complete' as const, expires_at: NOW + 60_000 },
    });
    const cells = [plot('K3', held('chk_1')), plot('K4', held('chk_other'))];
    expect(payablePlots(link, cells, NOW)).toEqual({ payable: ['K3'], taken: ['K4'] });
  });

  it('plots to buy while they are free', () => {
    const buy = { ...link, kind: 'buy' as const, checkoutId: null };
    const cells = [plot('K3'), plot('K4', { status: 'bought', user: 'bea' })];
    expect(payablePlots(buy, cells, NOW)).toEqual({ payable: ['K3'], taken: ['K4'] });
  });
});

describe('a paid session marks its link paid', () => {
  it('only an open link, and only when the payment was applied', () => {
    expect(marksLinkPaid('open', { outcome: 'applied' })).toBe(true);
    expect(marksLinkPaid('paid', { outcome: 'applied' })).toBe(false);
    expect(marksLinkPaid('open', { outcome: 'duplicate' })).toBe(false);
    expect(marksLinkPaid('open', { outcome: 'refund-due' })).toBe(false);
    expect(marksLinkPaid(undefined, { outcome: 'applied' })).toBe(false);
  });
});
