import { describe, expect, it } from 'vitest';
import { RESERVATION_DURATION_MS, availableCell, type Cell } from './cell';
import type { PhysicalCertificateRegistration } from './physical-certificate';
import { planPhysicalRegistration, type RegistrationFacts } from './physical-registration';

const NOW = Date.UTC(2026, 10, 22, 12, 0);

const registration: PhysicalCertificateRegistration = {
  email: 'maria@parroquia.test',
  code: 'CERT2345',
  name: 'María López',
  is_anonymous_donor: false,
  plots: [
    { x: 'K', y: 3 },
    { x: 'K', y: 4 },
  ],
  reserve: false,
  method: 'cash',
};

function facts(overrides: Partial<RegistrationFacts> = {}): RegistrationFacts {
  return {
    cells: new Map<string, Cell>([
      ['K3', availableCell({ x: 'K', y: 3 })],
      ['K4', availableCell({ x: 'K', y: 4 })],
    ]),
    certificateStatus: 'unassigned',
    donor: null,
    cashThisMonthCents: [],
    ...overrides,
  };
}

describe('registering a physical certificate', () => {
  it('buys every plot for a donor still to sign up, shown by the name staff typed', () => {
    const plan = planPhysicalRegistration(registration, facts(), NOW);
    expect(plan).toMatchObject({ ok: true, kind: 'buy', amountCents: 50000, donorUid: null });
    if (!plan.ok) throw new Error('refused');
    expect(plan.cells).toEqual([
      {
        id: 'K3',
        x: 'K',
        y: 3,
        status: 'bought',
        user: null,
        donor_display: 'María López',
        hold: null,
        reserved_until: null,
      },
      {
        id: 'K4',
        x: 'K',
        y: 4,
        status: 'bought',
        user: null,
        donor_display: 'María López',
        hold: null,
        reserved_until: null,
      },
    ]);
  });

  it('reserves for 30 days at 50 EUR a plot', () => {
    const plan = planPhysicalRegistration({ ...registration, reserve: true }, facts(), NOW);
    expect(plan).toMatchObject({ ok: true, kind: 'reserve', amountCents: 10000 });
    if (!plan.ok) throw new Error('refused');
    expect(plan.cells.map((cell) => [cell.status, cell.reserved_until])).toEqual([
      ['reserved', NOW + RESERVATION_DURATION_MS],
      ['reserved', NOW + RESERVATION_DURATION_MS],
    ]);
  });

  it('gives the plots to a registered donor at once, shown as their profile says', () => {
    const donor = {
      uid: 'donor-ion',
      name: 'Ion',
      personal_code: 'PVN4W8RT',
      is_anonymous_donor: true,
    };
    const plan = planPhysicalRegistration(registration, facts({ donor }), NOW);
    expect(plan).toMatchObject({ ok: true, donorUid: 'donor-ion', donorDisplay: 'PVN4W8RT' });
  });

  it('never shows the certificate code for an anonymous donor still to sign up', () => {
    const plan = planPhysicalRegistration(
      { ...registration, is_anonymous_donor: true },
      facts(),
      NOW,
    );
    expect(plan).toMatchObject({ ok: true, donorDisplay: null });
  });

  it('refuses an unknown or already linked certificate code', () => {
    expect(planPhysicalRegistration(registration, facts({ certificateStatus: null }), NOW)).toEqual(
      {
        ok: false,
        reason: 'certificate-code-unknown',
        message: 'Ese código no existe. Revisa que esté bien escrito.',
      },
    );
    expect(
      planPhysicalRegistration(registration, facts({ certificateStatus: 'registered' }), NOW),
    ).toMatchObject({ ok: false, reason: 'certificate-code-used' });
  });

  it('refuses the whole registration when one plot is not on the plan or not available', () => {
    const onlyK3 = new Map([['K3', availableCell({ x: 'K', y: 3 })]]);
    expect(planPhysicalRegistration(registration, facts({ cells: onlyK3 }), NOW)).toEqual({
      ok: false,
      reason: 'plot-unknown',
      message: 'La parcela K4 no existe en el plano.',
    });
    const k4Bought: Cell = { ...availableCell({ x: 'K', y: 4 }), status: 'bought', user: 'x' };
    const cells = new Map([
      ['K3', availableCell({ x: 'K', y: 3 })],
      ['K4', k4Bought],
    ]);
    expect(planPhysicalRegistration(registration, facts({ cells }), NOW)).toEqual({
      ok: false,
      reason: 'plot-not-available',
      message: 'Alguna parcela no está disponible',
    });
  });

  it('takes a plot whose hold has lapsed, but not one inside a live checkout', () => {
    const held = (expiresAt: number): Cell => ({
      ...availableCell({ x: 'K', y: 4 }),
      status: 'held',
      user: 'donor-ana',
      hold: { session_id: 'cs_1', kind: 'buy', expires_at: expiresAt },
    });
    const lapsed = new Map([
      ['K3', availableCell({ x: 'K', y: 3 })],
      ['K4', held(NOW - 1)],
    ]);
    expect(planPhysicalRegistration(registration, facts({ cells: lapsed }), NOW)).toMatchObject({
      ok: true,
    });
    const live = new Map([
      ['K3', availableCell({ x: 'K', y: 3 })],
      ['K4', held(NOW + 1)],
    ]);
    expect(planPhysicalRegistration(registration, facts({ cells: live }), NOW)).toMatchObject({
      ok: false,
      reason: 'plot-not-available',
    });
  });

  it('refuses cash past 999.99 EUR this month, naming what was given and what is left', () => {
    const plan = planPhysicalRegistration(
      registration,
      facts({ cashThisMonthCents: [50000, 25000] }),
      NOW,
    );
    expect(plan).toEqual({
      ok: false,
      reason: 'over-cash-limit',
      message:
        'Los pagos en efectivo no pueden superar 999,99 € al mes por donante. Este donante ya ha ' +
        'entregado 750,00 € en efectivo este mes; aún puede entregar 249,99 €.',
    });
  });

  it('does not limit transfers', () => {
    const plan = planPhysicalRegistration(
      { ...registration, method: 'transfer' },
      facts({ cashThisMonthCents: [99999] }),
      NOW,
    );
    expect(plan).toMatchObject({ ok: true, amountCents: 50000 });
  });
});

describe('a mailbox an account stands for under another spelling', () => {
  it('shows no staff-typed name on plots waiting for that person', () => {
    const registration: PhysicalCertificateRegistration = {
      email: 'a.b@googlemail.com',
      code: 'K7M2P4Q9',
      name: 'Zenobia',
      is_anonymous_donor: false,
      plots: [{ x: 'K', y: 3 }],
      reserve: false,
      method: 'transfer',
    };
    const facts: RegistrationFacts = {
      cells: new Map([['K3', availableCell({ x: 'K', y: 3 })]]),
      certificateStatus: 'unassigned',
      donor: null,
      cashThisMonthCents: [],
    };
    const shown = planPhysicalRegistration(registration, facts, Date.UTC(2026, 10, 24));
    expect(shown.ok && shown.donorDisplay).toBe('Zenobia');
    const alias = planPhysicalRegistration(
      registration,
      { ...facts, mailboxHasAccount: true },
      Date.UTC(2026, 10, 24),
    );
    expect(alias.ok && alias.donorDisplay).toBeNull();
  });
});
