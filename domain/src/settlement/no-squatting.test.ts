/**
 * No squatting (issue 32, part 9): a registration, a claim at first sign-in and every e-mail go
 * only to an account whose address is proven; an unproven one's gifts wait on their codes.
 */
import { describe, expect, it } from 'vitest';
import { availableCell, RESERVATION_DURATION_MS } from '../cell';
import type { CellWithId } from '../cell-document';
import { donationEntry } from '../ledger';
import { parsePlotCode } from '../plot-code';
import { decideStaffCompletion } from './back-office';
import { decideCardPaid } from './card-payment';
import { decideAccountClaims, type CertificateOnRecord } from './certificate-link';
import { mailAddressOf, readDonorRecord, type DonorOnRecord } from './donor-record';
import { decideStaffRegistration, type StaffRegistrationFacts } from './staff-registration';
import { decideReminder } from './sweep';

const NOW = Date.UTC(2026, 10, 26, 10, 0);
const DAY = 24 * 60 * 60 * 1000;
const VICTIM = 'victima@example.test';

const account = (verified: boolean): DonorOnRecord => ({
  uid: 'u-squatter',
  name: 'Atacante',
  email: VICTIM,
  personal_code: 'SQT7K3QZ',
  is_anonymous_donor: false,
  language: 'es',
  mailboxes: [VICTIM],
  verified,
});

function plot(code: string, fields: Partial<CellWithId> = {}): CellWithId {
  return { ...availableCell(parsePlotCode(code)), id: code, ...fields };
}

function register(overrides: Partial<StaffRegistrationFacts> = {}) {
  return decideStaffRegistration({
    registration: {
      email: VICTIM,
      code: 'CODE0001',
      name: 'Virginia Real',
      is_anonymous_donor: false,
      plots: [parsePlotCode('K3')],
      reserve: false,
      method: 'cash',
    },
    cells: new Map([['K3', plot('K3')]]),
    certificateStatus: 'unassigned',
    donor: account(false),
    mailboxHasAccount: true,
    cash: { person: { uids: ['u-squatter'], mailboxes: [VICTIM] }, entries: [] },
    donorCells: [],
    staffUid: 'staff-1',
    ledgerId: 'd1',
    actionId: 'a1',
    siteUrl: 'https://parroquia.example',
    now: NOW,
    ...overrides,
  });
}

describe("a staff registration's receipt", () => {
  it("goes to a proven account in its language, by its name; never to an unproven one's address", () => {
    expect(register().mails).toEqual([]);
    const proven = register({ donor: { ...account(true), name: 'Virginia', language: 'ro' } });
    expect(proven.mails).toMatchObject([{ id: 'receipt-d1', to: VICTIM }]);
    expect(proven.mails[0]!.message.text).toContain('Bună ziua, Virginia,');
    expect(proven.mails[0]!.message.text).toContain('K3');
  });
});

describe('readDonorRecord and mailAddressOf', () => {
  const stored = { name: 'Ana', email: 'ana@example.test' };
  it('an account is verified only when Auth proves its stored address', () => {
    expect(readDonorRecord('u', stored, 'ana@example.test').verified).toBe(true);
    expect(readDonorRecord('u', stored, null).verified).toBe(false);
    expect(readDonorRecord('u', stored, 'otra@example.test').verified).toBe(false);
  });
  it('mail goes only to a verified account', () => {
    expect(mailAddressOf(readDonorRecord('u', stored, 'ana@example.test'))).toBe(
      'ana@example.test',
    );
    expect(mailAddressOf(readDonorRecord('u', stored, null))).toBeNull();
  });
});

describe('a staff registration for an address an unverified account squats', () => {
  it('goes to nobody: the plot, the code and the row wait on the code, no name shown', () => {
    const decision = register();
    expect(decision.outcome).toMatchObject({ ok: true, donorUid: null });
    expect(decision.cells.map(({ after }) => [after.id, after.user, after.donor_display])).toEqual([
      ['K3', null, null],
    ]);
    expect(decision.codes[0]!.fields).toMatchObject({ status: 'registered', user: null });
    expect(decision.ledger[0]!.entry).toMatchObject({ donor: null, donor_name: 'Virginia Real' });
    expect(decision.accounts).toEqual([]);
    expect(decision.mails).toEqual([]);
  });

  it('staff ticking "anonymous" leaves the unverified account as it was', () => {
    const decision = register({
      registration: {
        email: VICTIM,
        code: 'CODE0001',
        name: 'Virginia Real',
        is_anonymous_donor: true,
        plots: [parsePlotCode('K3')],
        reserve: false,
        method: 'transfer',
      },
      donorCells: [plot('K9', { status: 'bought', user: 'u-squatter', donor_display: 'Atacante' })],
    });
    expect(decision.accounts).toEqual([]);
    expect(decision.cells.map(({ after }) => after.id)).toEqual(['K3']);
  });

  it('goes to the account once its address is proven', () => {
    const decision = register({ donor: account(true) });
    expect(decision.outcome).toMatchObject({ ok: true, donorUid: 'u-squatter' });
    expect(decision.codes[0]!.fields).toMatchObject({ status: 'linked', user: 'u-squatter' });
    expect(decision.cells[0]!.after).toMatchObject({
      user: 'u-squatter',
      donor_display: 'Atacante',
    });
  });

  it('with no account at all, the name staff typed shows while it waits', () => {
    const decision = register({ donor: null, mailboxHasAccount: false });
    expect(decision.cells[0]!.after).toMatchObject({ user: null, donor_display: 'Virginia Real' });
  });
});

describe('a claim at first sign-in', () => {
  const pending: CertificateOnRecord = {
    record: {
      code: 'CODE0001',
      status: 'registered',
      user: null,
      email: VICTIM,
      name: 'Virginia Real',
      is_anonymous_donor: false,
      plots: ['K3'],
      reserve: false,
    } as CertificateOnRecord['record'],
    cells: [plot('K3', { status: 'bought', donor_display: 'Virginia Real' })],
    rows: [
      {
        ...donationEntry({
          method: 'cash',
          kind: 'buy',
          donor: { uid: null, email: VICTIM, name: 'Virginia Real' },
          plots: ['K3'],
          amountCents: 25_000,
          at: NOW - DAY,
          recordedBy: 'staff-1',
        }),
        id: 'd1',
      },
    ],
    registeredSince: new Set(),
  };
  const claim = (verified: boolean) =>
    decideAccountClaims({
      uid: 'u-squatter',
      account: {
        name: 'Atacante',
        personal_code: 'SQT7K3QZ',
        is_anonymous_donor: false,
        verified,
        email: VICTIM,
        language: 'ro',
      },
      pending: [pending],
      waiting: [],
      siteUrl: 'https://parroquia.test',
      now: NOW,
    });

  it('claims nothing for an unproven address', () => {
    const decision = claim(false);
    expect(decision.codes).toEqual([]);
    expect(decision.cells).toEqual([]);
    expect(decision.ledgerDonors).toEqual([]);
    expect(decision.outcome.mailboxes).toEqual([]);
    expect(decision.mails).toEqual([]);
  });

  it('claims the certificate for a proven one, and sends the receipt nobody could be sent', () => {
    const decision = claim(true);
    expect(decision.codes.map((change) => change.fields)).toMatchObject([
      { status: 'linked', user: 'u-squatter' },
    ]);
    expect(decision.ledgerDonors).toEqual([{ id: 'd1', donor: 'u-squatter' }]);
    expect(decision.mails).toEqual([expect.objectContaining({ id: 'receipt-d1', to: VICTIM })]);
    expect(decision.mails[0]!.message.text).toContain('K3');
    expect(decision.mails[0]!.message.text).toContain('250,00');
  });
});

describe('receipts and reminders', () => {
  const reservedBy = (code: string) =>
    plot(code, {
      status: 'reserved',
      user: 'u-squatter',
      donor_display: 'Atacante',
      reserved_until: NOW + 6 * DAY,
    });

  it.each([
    [false, 0],
    [true, 1],
  ])(
    'a card gift of an account verified=%s queues %i receipt; the plots are its either way',
    (verified, receipts) => {
      const decision = decideCardPaid({
        event: { id: 'evt_1', type: 'checkout.session.completed' },
        eventSeen: false,
        sessionId: 'cs_1',
        order: { uid: 'u-squatter', kind: 'buy', plots: ['K3'], checkoutId: 'chk_1' },
        amountCents: 25_000,
        currency: 'eur',
        paymentIntent: 'pi_1',
        paymentStatus: 'pending',
        donor: account(verified),
        cells: [
          plot('K3', {
            status: 'held',
            user: 'u-squatter',
            hold: { session_id: 'chk_1', kind: 'buy', expires_at: NOW + 60_000 },
          }),
        ],
        mailsQueued: new Set(),
        siteUrl: 'https://parroquia.test',
        now: NOW,
      });
      expect(decision.outcome).toEqual({ outcome: 'applied' });
      expect(decision.cells[0]!.after).toMatchObject({ status: 'bought', user: 'u-squatter' });
      expect(decision.mails).toHaveLength(receipts);
    },
  );

  it.each([
    [false, 0],
    [true, 1],
  ])(
    'staff completing a reservation of an account verified=%s queue %i receipt',
    (verified, receipts) => {
      const decision = decideStaffCompletion({
        holder: account(verified),
        registeredFor: null,
        cells: [reservedBy('K3')],
        method: 'transfer',
        cash: { person: { uids: ['u-squatter'], mailboxes: [VICTIM] }, entries: [] },
        ledgerIds: ['d1'],
        siteUrl: 'https://parroquia.test',
        context: { staffUid: 'staff-1', actionId: 'a1', reason: null, now: NOW },
      });
      expect(decision.outcome).toMatchObject({ ok: true });
      expect(decision.mails).toHaveLength(receipts);
    },
  );

  it.each([
    [false, null],
    [true, 'reminder-7d-u-squatter'],
  ])('a reservation ending of an account verified=%s reminds %s', (verified, id) => {
    const decision = decideReminder({
      reservation: { uid: 'u-squatter', reservedUntil: NOW + 6 * DAY, plots: ['K3'] },
      donor: account(verified),
      mailsQueued: new Set(),
      siteUrl: 'https://parroquia.test',
      now: NOW,
    });
    expect(decision.mails).toHaveLength(id ? 1 : 0);
    if (id) expect(decision.outcome).toContain(id);
    else expect(decision.outcome).toBeNull();
    expect(RESERVATION_DURATION_MS).toBeGreaterThan(6 * DAY);
  });
});

describe('a payment link paid by someone else', () => {
  const donor: DonorOnRecord = {
    ...account(true),
    uid: 'u-ana',
    name: 'Ana Real',
    email: 'ana@example.test',
    personal_code: 'ANA7K3QZ',
    is_anonymous_donor: true,
  };
  const paid = () =>
    decideCardPaid({
      event: { id: 'evt_1', type: 'checkout.session.completed' },
      eventSeen: false,
      sessionId: 'cs_1',
      order: {
        uid: 'u-ana',
        kind: 'complete',
        plots: ['K3'],
        checkoutId: 'chk_1',
        paymentLink: { id: 'link-1', payerLanguage: 'ro' },
      },
      amountCents: 20_000,
      currency: 'eur',
      paymentIntent: 'pi_1',
      paymentStatus: 'pending',
      donor,
      cells: [
        plot('K3', {
          status: 'held',
          user: 'u-ana',
          donor_display: 'ANA7K3QZ',
          reserved_until: NOW + 10 * DAY,
          hold: { session_id: 'chk_1', kind: 'complete', expires_at: NOW + 60_000 },
        }),
      ],
      mailsQueued: new Set(),
      siteUrl: 'https://parroquia.test',
      now: NOW,
      payer: { email: 'Ion@Example.test', name: 'Ion Popescu' },
    });

  it('gives the plots to the donor and records the payer on the ledger row', () => {
    const decision = paid();
    expect(decision.outcome).toEqual({ outcome: 'applied' });
    expect(decision.cells[0]!.after).toMatchObject({ status: 'bought', user: 'u-ana' });
    expect(decision.ledger[0]!.entry).toMatchObject({ donor: 'u-ana', donor_name: 'Ana Real' });
    expect(decision.ledger[0]!.payer).toEqual({
      email: 'ion@example.test',
      name: 'Ion Popescu',
      link: 'link-1',
    });
  });

  it("mails the payer's receipt in their language naming the donor by code, and the donor a notice", () => {
    const [receipt, notice] = paid().mails;
    expect(receipt!.to).toBe('Ion@Example.test');
    expect(receipt!.message.text).toContain('Ion Popescu');
    expect(receipt!.message.text).toContain('ANA7K3QZ');
    expect(receipt!.message.text).not.toContain('Ana Real');
    expect(receipt!.message.subject).toContain('Parohia');
    expect(notice!.to).toBe('ana@example.test');
    expect(notice!.message.text).toContain('Ion Popescu');
  });
});
