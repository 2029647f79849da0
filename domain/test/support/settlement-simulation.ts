/**
 * A small parish in memory for the property tests: a few donors and plots, staff, a card
 * processor that captures and refunds, and a clock, driven by random operations through the
 * core's decisions into `SettlementStore`. It keeps its own account of the money (what the card
 * processor captured and refunded, what staff recorded and voided), never read from the ledger,
 * so the invariants compare two independent accounts. Test support: outside `src/`, so no build
 * or import of the package can reach it.
 */
import { availableCell } from '../../src/cell';
import type { CellWithId } from '../../src/cell-document';
import type { CheckoutOrder } from '../../src/checkout-order';
import type { LedgerRow } from '../../src/ledger';
import { checkoutTotalCents } from '../../src/money';
import { mailboxKey } from '../../src/person-email';
import { parsePlotCode } from '../../src/plot-code';
import {
  decideStaffCompletion,
  decideReservationChange,
  decideVoidRegistration,
} from '../../src/settlement/back-office';
import { decideCardPaid, decideCheckoutUnpaid } from '../../src/settlement/card-payment';
import {
  decideAccountClaims,
  decideCertificateLink,
  type CertificateOnRecord,
} from '../../src/settlement/certificate-link';
import { decideCheckoutCancelled, decideHold, openedPayment } from '../../src/settlement/checkout';
import {
  NO_WRITES,
  writesNothing,
  type Decision,
  type EventClaim,
  type SettlementOutcome,
} from '../../src/settlement/decision';
import type { DonorOnRecord } from '../../src/settlement/donor-record';
import {
  checkCash,
  checkCoverage,
  checkErasure,
  checkMailRecipients,
  checkMoney,
  checkPrivacy,
  checkLedgerSummary,
  checkProgress,
  type CoreViolation,
} from '../../src/settlement/invariants';
import { decideErasure } from '../../src/settlement/erasure';
import { decideRefund } from '../../src/settlement/refund';
import { decideCodeBatch, decideFilledCertificate } from '../../src/settlement/staff-records';
import { decideStaffRefund } from '../../src/settlement/staff-refund';
import { decideStaffRegistration } from '../../src/settlement/staff-registration';
import { SettlementStore } from '../../src/settlement/store';
import { decideReminder, decideSweep, openReservations } from '../../src/settlement/sweep';

export const POOL = ['A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4'];
/**
 * Fifty more plots, registered together now and then (31 to 50 at once): a registration larger
 * than Firestore's 30 values per query, which every read of its plots must still see whole.
 */
export const BLOCK = [
  ...Array.from({ length: 39 }, (_, i) => `C${i + 1}`),
  ...Array.from({ length: 11 }, (_, i) => `D${i + 1}`),
];
const CODES = ['CODE0001', 'CODE0002', 'CODE0003', 'CODE0004', 'CODE0005', 'CODE0006'];
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How far one operation may move the clock. */
const STEPS = [0, MINUTE, 36 * MINUTE, 7 * DAY, 23 * DAY, 31 * DAY];

const donor = (
  uid: string,
  name: string,
  email: string,
  anonymous: boolean,
  verified = true,
): DonorOnRecord => ({
  uid,
  name,
  email,
  personal_code: `${uid.slice(2).toUpperCase()}CODE`,
  is_anonymous_donor: anonymous,
  language: 'es',
  mailboxes: [mailboxKey(email)],
  verified,
});

/**
 * E-mails staff may type: the donors' own, one an unverified sign-up squats (maria's: Sam signed
 * up with it and never proved it), and one of nobody's yet.
 */
const WALK_IN_EMAILS = [
  'ana@example.test',
  'ion@example.test',
  'maria@example.test',
  'luz@example.test',
];

/** One random operation: its kind and a few numbers it picks its subjects with. */
export interface Operation {
  kind:
    | 'hold'
    | 'pay'
    | 'expire'
    | 'cancel'
    | 'refund'
    | 'register'
    | 'link'
    | 'complete-at-parish'
    | 'void'
    | 'extend'
    | 'release'
    | 'sweep'
    | 'replay'
    | 'issue-codes'
    | 'print-filled'
    | 'erase';
  a: number;
  b: number;
  c: number;
  plots: number[];
  flag: boolean;
}

interface Session {
  id: string;
  order: CheckoutOrder;
  amountCents: number;
  open: boolean;
  paid: boolean;
  paymentIntent: string;
  refundedCents: number;
}

export class Simulation {
  readonly store = new SettlementStore();
  now = Date.UTC(2026, 10, 1, 9, 0);
  readonly donors = [
    donor('u-ana', 'Ana Pop', 'ana@example.test', false),
    donor('u-ion', 'Ion Rusu', 'ion@example.test', true),
    donor('u-eva', 'Eva Lopez', 'facebook_u-eva@sin-correo.invalid', false),
    donor('u-sam', 'Sam Squatter', 'maria@example.test', false, false),
  ];
  readonly sessions: Session[] = [];
  cardCapturedCents = 0;
  cardRefundedCents = 0;
  staffNetCents = 0;
  /** Re-deciding an event settled before: each must write nothing. */
  readonly replays: Array<() => Decision<SettlementOutcome>> = [];
  private counter = 0;

  constructor() {
    for (const code of [...POOL, ...BLOCK])
      this.store.cells.set(code, { ...availableCell(parsePlotCode(code)), id: code });
    for (const code of CODES) this.store.codes.set(code, { status: 'unassigned' });
    for (const account of this.donors) this.store.accounts.set(account.uid, { ...account });
  }

  private id(prefix: string) {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  private event(type: string): EventClaim {
    return { id: this.id('evt_'), type };
  }

  private pick<T>(items: readonly T[], index: number): T | undefined {
    return items.length === 0 ? undefined : items[Math.abs(index) % items.length];
  }

  private plotsOf(indexes: number[]): string[] {
    return [...new Set(indexes.map((i) => POOL[Math.abs(i) % POOL.length]!))];
  }

  private rows(): LedgerRow[] {
    return this.store.rows();
  }

  private cells(): CellWithId[] {
    return [...this.store.cells.values()];
  }

  /** Runs one operation; what it refuses changes nothing. */
  run(op: Operation): void {
    this.now += STEPS[Math.abs(op.c) % STEPS.length]!;
    switch (op.kind) {
      case 'hold':
        return this.hold(op);
      case 'pay':
        return this.pay(op);
      case 'expire':
      case 'cancel':
        return this.endUnpaid(op);
      case 'refund':
        return this.refund(op);
      case 'register':
        return this.register(op);
      case 'link':
        return this.link(op);
      case 'complete-at-parish':
        return this.completeAtParish(op);
      case 'void':
        return this.voidRegistration(op);
      case 'extend':
      case 'release':
        return this.changeReservation(op);
      case 'sweep':
        return this.sweep();
      case 'replay':
        return this.replay(op);
      case 'issue-codes':
        return this.issueCodes(op);
      case 'print-filled':
        return this.printFilled(op);
      case 'erase':
        return this.erase(op);
    }
  }

  /** The donors whose account stands (not erased). */
  private live(): DonorOnRecord[] {
    return this.donors.filter((d) => this.store.accounts.has(d.uid));
  }

  private hold(op: Operation) {
    const account = this.pick(this.live(), op.a);
    if (!account) return;
    const kind = (['buy', 'reserve', 'complete'] as const)[Math.abs(op.b) % 3]!;
    // Completing: mostly the donor's own reserved plots, as a donor would.
    const own = this.cells().filter(
      (cell) => cell.user === account.uid && cell.status === 'reserved',
    );
    const plots =
      kind === 'complete' && own.length > 0 && op.flag
        ? own.slice(0, 1 + (op.c % own.length)).map((cell) => cell.id)
        : this.plotsOf(op.plots);
    if (plots.length === 0) return;
    const order: CheckoutOrder = { uid: account.uid, kind, plots, checkoutId: this.id('chk_') };
    const decision = decideHold({
      order,
      expiresAt: this.now + 35 * MINUTE,
      plots: plots.map((code) => ({ code, cell: this.store.cells.get(code) ?? null })),
      accountCells: this.cells().filter((cell) => cell.user === account.uid),
      // An e-mail account that never opened its link holds nothing (`mayHoldPlots`).
      addressProven: account.verified,
      now: this.now,
    });
    this.store.apply(decision);
    if (!decision.outcome.ok) {
      if (
        decision.outcome.reason === 'address-unproven' &&
        (account.verified || kind === 'complete')
      ) {
        throw new Error(`a proven account's ${kind} was refused as unproven`);
      }
      return;
    }
    const id = this.id('cs_');
    const amountCents = checkoutTotalCents(kind, plots.length);
    this.store.apply({
      ...NO_WRITES,
      payment: { sessionId: id, fields: openedPayment(order, amountCents, this.now) },
    });
    this.sessions.push({
      id,
      order,
      amountCents,
      open: true,
      paid: false,
      paymentIntent: `pi_${id}`,
      refundedCents: 0,
    });
  }

  private paid(session: Session, event: EventClaim, amountCents: number) {
    return () =>
      decideCardPaid({
        event,
        eventSeen: this.store.events.has(event.id),
        sessionId: session.id,
        order: session.order,
        amountCents,
        currency: 'eur',
        paymentIntent: session.paymentIntent,
        paymentStatus: this.store.payments.get(session.id)?.status ?? null,
        donor: this.store.accounts.get(session.order.uid) ?? null,
        cells: this.store.cellsOf(session.order.plots),
        mailsQueued: new Set(this.store.mails.keys()),
        siteUrl: 'https://parroquia.test',
        now: this.now,
      });
  }

  private pay(op: Operation) {
    const session = this.pick(
      this.sessions.filter((s) => s.open),
      op.a,
    );
    if (!session) return;
    // Now and then a session paid for another amount (never one we created).
    const amountCents = op.flag && op.b % 4 === 0 ? session.amountCents + 100 : session.amountCents;
    session.open = false;
    session.paid = true;
    session.amountCents = amountCents;
    this.cardCapturedCents += amountCents;
    const decide = this.paid(session, this.event('checkout.session.completed'), amountCents);
    const decision = decide();
    this.store.apply(decision);
    this.replays.push(decide);
    // The same session paid again by its delayed method's event: counted once.
    const again = this.paid(
      session,
      this.event('checkout.session.async_payment_succeeded'),
      amountCents,
    )();
    assertOnlyEvent(again, 'a second paid event of one session');
    this.store.apply(again);
    if (decision.outcome.outcome === 'refund-due') this.chargeRefunded(session, amountCents);
  }

  private endUnpaid(op: Operation) {
    const session = this.pick(
      this.sessions.filter((s) => s.open),
      op.a,
    );
    if (!session) return;
    session.open = false;
    const cells = this.store.cellsOf(session.order.plots);
    const paymentStatus = this.store.payments.get(session.id)?.status ?? null;
    if (op.kind === 'cancel') {
      this.store.apply(
        decideCheckoutCancelled({
          sessionId: session.id,
          order: session.order,
          cells,
          paymentStatus,
          now: this.now,
        }),
      );
      return;
    }
    const event = this.event('checkout.session.expired');
    const decide = () =>
      decideCheckoutUnpaid({
        event,
        eventSeen: this.store.events.has(event.id),
        sessionId: session.id,
        order: session.order,
        status: 'expired',
        paymentStatus: this.store.payments.get(session.id)?.status ?? null,
        cells: this.store.cellsOf(session.order.plots),
        now: this.now,
      });
    this.store.apply(decide());
    this.replays.push(decide);
  }

  private refund(op: Operation) {
    const session = this.pick(
      this.sessions.filter((s) => s.paid && s.refundedCents < s.amountCents),
      op.a,
    );
    if (!session) return;
    const left = session.amountCents - session.refundedCents;
    const cents = op.flag ? left : Math.max(1, Math.abs(op.b) % left);
    if (Math.abs(op.c) % 2 === 0) return this.chargeRefunded(session, cents);
    // Staff ask it from the donor's page: the money core checks it (sometimes asked for more
    // than is left, which it must refuse), then the card processor refunds and tells us.
    const asked = Math.abs(op.a) % 5 === 0 ? left + 1 : cents;
    const gift = this.store.ledger.get(session.id);
    const payment = this.store.payments.get(session.id);
    const decision = decideStaffRefund({
      gift: gift ?? null,
      ledger: this.rows().filter((row) => row.refund_of === session.id),
      payment: payment
        ? {
            sessionId: session.id,
            status: payment.status!,
            paymentIntent: payment.payment_intent ?? null,
          }
        : null,
      cells: this.store.cellsOf(session.order.plots),
      amountCents: asked,
      lastAsk:
        payment?.staff_refund_key !== undefined
          ? {
              key: payment.staff_refund_key,
              amountCents: payment.staff_refund_cents ?? 0,
              at: payment.staff_refund_at ?? 0,
            }
          : null,
      context: this.staff('asked by the donor'),
    });
    this.store.apply(decision);
    if (!decision.outcome.ok) {
      if (asked <= left && gift && payment?.status === 'paid') {
        throw new Error(`a staff refund of ${asked} of ${left} left was refused`);
      }
      return;
    }
    if (asked > left) throw new Error(`a staff refund of ${asked} past ${left} left was accepted`);
    this.chargeRefunded(session, decision.outcome.amountCents);
  }

  /** The card processor gives `cents` back, then tells us (`charge.refunded`). */
  private chargeRefunded(session: Session, cents: number) {
    session.refundedCents += cents;
    this.cardRefundedCents += cents;
    const event = this.event('charge.refunded');
    const amountRefunded = session.refundedCents;
    const decide = () => {
      const payment = this.store.payments.get(session.id);
      const gift = this.store.ledger.get(session.id) ?? null;
      return decideRefund({
        event,
        eventSeen: this.store.events.has(event.id),
        payment: payment
          ? { sessionId: session.id, uid: payment.uid!, status: payment.status! }
          : null,
        gift,
        donorLedger: this.rows().filter((row) => row.donor === session.order.uid),
        cells: this.store.cellsOf(session.order.plots),
        donor: this.store.accounts.get(session.order.uid) ?? null,
        amountRefundedCents: amountRefunded,
        fullyRefunded: amountRefunded >= session.amountCents,
        now: this.now,
      });
    };
    this.store.apply(decide());
    this.replays.push(decide);
  }

  private register(op: Operation) {
    const email = this.pick(WALK_IN_EMAILS, op.a)!;
    // One registration in five is a large one: 31 to 50 plots of the block, by transfer.
    const large = op.a % 5 === 4;
    const plots = large ? BLOCK.slice(0, 31 + (op.c % 20)) : this.plotsOf(op.plots);
    const code = this.pick(CODES, op.b)!;
    if (plots.length === 0) return;
    const account = this.live().find((d) => d.email === email) ?? null;
    const stored = account ? this.store.accounts.get(account.uid)! : null;
    // Cash mostly, as walk-in gifts are: the monthly limit is worth reaching.
    const method = large || op.c % 3 === 0 ? 'transfer' : 'cash';
    const decision = decideStaffRegistration({
      registration: {
        code,
        email,
        name: `Walk-in ${op.a % 7}`,
        is_anonymous_donor: op.flag,
        reserve: op.b % 3 === 0,
        method,
        plots: plots.map(parsePlotCode),
      },
      cells: new Map(
        plots.flatMap((plot) => {
          const cell = this.store.cells.get(plot);
          return cell ? [[plot, cell] as const] : [];
        }),
      ),
      certificateStatus: this.store.certificate(code)?.status ?? null,
      donor: stored,
      mailboxHasAccount: [...this.store.accounts.values()].some((a) =>
        a.mailboxes.includes(mailboxKey(email)),
      ),
      cash: {
        person: {
          uids: stored ? [stored.uid] : [],
          mailboxes: [mailboxKey(email), ...(stored?.mailboxes ?? [])],
        },
        entries: this.rows(),
      },
      donorCells: stored ? this.cells().filter((cell) => cell.user === stored.uid) : [],
      staffUid: 'staff-1',
      ledgerId: this.id('don_'),
      actionId: this.id('act_'),
      siteUrl: 'https://parroquia.example',
      now: this.now,
    });
    this.store.apply(decision);
    if (!decision.outcome.ok) return;
    this.staffNetCents += decision.outcome.amountCents;
    const holder = decision.outcome.donorUid;
    if (holder && !this.store.accounts.get(holder)?.verified) {
      throw new Error(`a registration for ${email} went to ${holder}, who never proved it`);
    }
  }

  private staff(reason: string | null) {
    return { staffUid: 'staff-1', actionId: this.id('act_'), reason, now: this.now };
  }

  private certificateOnRecord(code: string): CertificateOnRecord | null {
    const record = this.store.certificate(code);
    if (!record) return null;
    const fields = this.store.codes.get(code)!;
    const registeredAt = fields.registered_at ?? 0;
    const since = new Set<string>();
    for (const [other, otherFields] of this.store.codes) {
      if (other === code || (otherFields.registered_at ?? 0) <= registeredAt) continue;
      for (const plot of otherFields.plots ?? []) if (record.plots.includes(plot)) since.add(plot);
    }
    return {
      record,
      cells: this.store.cellsOf(record.plots),
      rows: [...this.store.ledger.values()].filter(
        (row) =>
          row.certificate_code === code && (row.donor === null || row.id === fields.donation_id),
      ),
      registeredSince: since,
    };
  }

  private waitingOf(mailbox: string, except: string): CellWithId[] {
    const plots = [...this.store.codes]
      .filter(
        ([code, fields]) =>
          code !== except && fields.mailbox === mailbox && fields.status === 'registered',
      )
      .flatMap(([, fields]) => fields.plots ?? []);
    return this.store
      .cellsOf([...new Set(plots)])
      .filter((cell) => cell.user === null && cell.donor_display !== null);
  }

  private link(op: Operation) {
    const picked = this.pick(this.live(), op.a);
    if (!picked) return;
    const account = this.store.accounts.get(picked.uid)!;
    const code = this.pick(CODES, op.b)!;
    const certificate = this.certificateOnRecord(code);
    const mailbox = certificate?.record.email ? mailboxKey(certificate.record.email) : null;
    // A verified e-mail claims at first sign-in what staff registered for it: the same rule.
    if (
      op.flag &&
      certificate?.record.status === 'registered' &&
      certificate.record.email === account.email
    ) {
      const claims = decideAccountClaims({
        uid: account.uid,
        account,
        pending: [certificate],
        waiting: [],
        siteUrl: 'https://parroquia.test',
        now: this.now,
      });
      if (!account.verified && claims.codes.length > 0) {
        throw new Error(`${account.uid} claimed ${code} at sign-in with an address never proved`);
      }
      this.store.apply({ ...claims, accounts: [] });
      return;
    }
    this.store.apply(
      decideCertificateLink({
        uid: account.uid,
        account,
        certificate,
        cash: {
          person: {
            uids: [account.uid],
            mailboxes: [...account.mailboxes, ...(mailbox ? [mailbox] : [])],
          },
          entries: this.rows(),
        },
        waiting: mailbox ? this.waitingOf(mailbox, code) : [],
        accountCells: this.cells().filter((cell) => cell.user === account.uid),
        siteUrl: 'https://parroquia.test',
        now: this.now,
      }),
    );
  }

  private completeAtParish(op: Operation) {
    // A donor's reservation, or one staff registered for someone without an account yet.
    const uid = this.pick([...this.live().map((d) => d.uid), null], op.a)!;
    const holder = uid ? this.store.accounts.get(uid)! : null;
    // Mostly the holder's own reservation, as staff would pick it from the list.
    const own = this.cells().filter((cell) => cell.user === uid && cell.status === 'reserved');
    // All of it at once, or plot by plot as transfers arrive, or plots picked at random.
    const one = own[op.c % Math.max(1, own.length)];
    const plots =
      own.length === 0 || op.b % 4 === 0
        ? this.plotsOf(op.plots)
        : op.b % 4 === 1
          ? [one!.id]
          : own.map((cell) => cell.id);
    const registration = [...this.store.codes.entries()].find(
      ([, fields]) => fields.status === 'registered' && fields.plots?.includes(plots[0]!),
    );
    const registeredFor =
      !holder && registration?.[1].email
        ? { email: registration[1].email, name: registration[1].name ?? '', code: registration[0] }
        : null;
    const decision = decideStaffCompletion({
      holder,
      registeredFor,
      cells: this.store.cellsOf(plots),
      method: op.flag ? 'cash' : 'transfer',
      cash: {
        person: {
          uids: holder ? [holder.uid] : [],
          mailboxes: holder?.mailboxes ?? (registeredFor ? [mailboxKey(registeredFor.email)] : []),
        },
        entries: this.rows(),
      },
      ledgerIds: plots.map(() => this.id('don_')),
      siteUrl: 'https://parroquia.test',
      context: this.staff(null),
    });
    this.store.apply(decision);
    if (decision.outcome.ok) this.staffNetCents += decision.outcome.amountCents;
  }

  private voidRegistration(op: Operation) {
    const staffRows = this.rows().filter((row) => row.recorded_by !== null && row.amount_cents > 0);
    const entry = this.pick(staffRows, op.a) ?? null;
    const stored = entry ? this.store.ledger.get(entry.id) : undefined;
    const decision = decideVoidRegistration({
      entry,
      certificateCode: stored?.certificate_code ?? null,
      ledger: this.rows().filter(
        (row) => entry && row.cells.some((plot) => entry.cells.includes(plot)),
      ),
      cells: this.store.cellsOf(entry?.cells ?? []),
      voidId: this.id('void_'),
      context: this.staff('a mistake'),
    });
    this.store.apply(decision);
    if (decision.outcome.ok && entry) this.staffNetCents -= entry.amount_cents;
  }

  private changeReservation(op: Operation) {
    const holder = this.pick([...this.live().map((d) => d.uid), null], op.a)!;
    const cells = this.store.cellsOf(this.plotsOf(op.plots));
    this.store.apply(
      decideReservationChange({
        holder,
        cells,
        change:
          op.kind === 'release'
            ? { kind: 'release' }
            : { kind: 'extend', until: this.now + (Math.abs(op.b) % 70) * DAY },
        context: this.staff('asked by phone'),
      }),
    );
  }

  private sweep() {
    for (const cell of this.cells()) this.store.apply(decideSweep(cell, this.now));
    for (let round = 0; round < 2; round += 1) {
      for (const { uid, ...reservation } of openReservations(this.cells(), this.now)) {
        if (!uid) continue;
        const decision = decideReminder({
          reservation: { uid, ...reservation },
          donor: this.store.accounts.get(uid) ?? null,
          mailsQueued: new Set(this.store.mails.keys()),
          siteUrl: 'https://parroquia.test',
          now: this.now,
        });
        // The second round finds every reminder queued: each goes once.
        if (round === 1 && decision.mails.length > 0) throw new Error('a reminder queued twice');
        this.store.apply(decision);
      }
    }
  }

  /**
   * A batch of codes, now and then one already stored (a code of the pool): that batch writes
   * nothing; a new one adds only `unassigned` codes and the action naming them.
   */
  private issueCodes(op: Operation) {
    const fresh = Array.from({ length: 1 + (op.b % 3) }, () => this.id('NEW'));
    const codes = op.flag ? [...fresh, this.pick(CODES, op.a)!] : fresh;
    const before = JSON.stringify([...this.store.codes]);
    const decision = decideCodeBatch({
      codes,
      existing: codes.filter((code) => this.store.codes.has(code)),
      purpose: op.c % 2 === 0 ? 'generate-codes' : 'print-blank',
      context: { staffUid: 'staff-1', actionId: this.id('act_'), now: this.now },
    });
    this.store.apply(decision);
    const changed = JSON.stringify([...this.store.codes].slice(0, JSON.parse(before).length));
    if (changed !== before) throw new Error('a code batch changed a stored code');
    if (decision.outcome.ok === op.flag) throw new Error('a code batch met a stored code');
  }

  /** A registration's certificate printed: it shows the code's plots and writes only the action. */
  private printFilled(op: Operation) {
    const code = this.pick(CODES, op.a)!;
    const fields = this.store.codes.get(code);
    const decision = decideFilledCertificate({
      code,
      record: this.store.certificate(code),
      name: fields?.name ?? null,
      reserve: fields?.reserve === true,
      registeredAt: fields?.registered_at ?? null,
      context: { staffUid: 'staff-1', actionId: this.id('act_'), now: this.now },
    });
    if (!writesNothing({ ...decision, actions: [] })) {
      throw new Error('printing a certificate changed more than the record');
    }
    const { outcome } = decision;
    if (outcome.ok && outcome.certificate.plots.join() !== (fields?.plots ?? []).join()) {
      throw new Error(`the certificate of ${code} shows other plots than registered`);
    }
    this.store.apply(decision);
  }

  /** A donor erases their account: refused while paying; the rows stay, their name goes. */
  private erase(op: Operation) {
    const donor = this.pick(this.donors, op.a)!;
    const account = this.store.accounts.get(donor.uid) ?? null;
    const decision = decideErasure({
      uid: donor.uid,
      account: account && { ...account, created_at: null },
      erasedBefore: this.store.erased.has(donor.uid),
      provenMailbox: account?.verified ? mailboxKey(account.email) : null,
      cells: this.cells().filter((cell) => cell.user === donor.uid),
      // Every row and certificate: the decision picks the account's own.
      rows: [...this.store.ledger.values()],
      certificates: [...this.store.codes].map(([code, fields]) => ({
        code,
        user: fields.user ?? null,
        mailbox: fields.mailbox ?? '',
        name: fields.name ?? '',
        email: fields.email ?? '',
      })),
      now: this.now,
    });
    this.store.apply(decision);
    if (decision.outcome !== 'erased' && !writesNothing(decision)) {
      throw new Error(`an erasure answered ${decision.outcome} and still wrote`);
    }
  }

  private replay(op: Operation) {
    const decide = this.pick(this.replays, op.a);
    if (!decide) return;
    const decision = decide();
    if (decision.outcome.outcome !== 'duplicate' || !writesNothing(decision)) {
      throw new Error(`replaying an event decided ${JSON.stringify(decision.outcome)}`);
    }
  }

  /** Every invariant of the core on the store now. */
  violations(): CoreViolation[] {
    const rows = this.rows();
    const cells = this.cells();
    // An erased account's person is still counted, by its blocked record's mailboxes.
    const mailboxesOf = (uid: string) =>
      (this.store.accounts.get(uid) ?? this.store.erased.get(uid))?.mailboxes ?? [];
    const personOf = (row: LedgerRow) =>
      this.donors.find((d) => row.donor === d.uid || mailboxesOf(d.uid).includes(row.donor_key))
        ?.uid ?? row.donor_key;
    const anonymousNames = [...this.store.accounts.values()]
      .filter((account) => account.is_anonymous_donor)
      .map((account) => account.name);
    return [
      ...checkMoney(rows, {
        cardCapturedCents: this.cardCapturedCents,
        cardRefundedCents: this.cardRefundedCents,
        staffNetCents: this.staffNetCents,
      }),
      ...checkCoverage(cells, rows, this.now),
      ...checkCash(rows, personOf),
      ...checkPrivacy(
        [{ where: 'the map', text: JSON.stringify(cells.map((cell) => cell.donor_display)) }],
        anonymousNames,
      ),
      ...checkProgress(this.store.progress, cells, rows),
      ...checkLedgerSummary(this.store.summary, rows),
      ...checkErasure(this.store.erased, rows, cells, this.store.codes),
      ...checkMailRecipients(this.store.mails.values(), (address) =>
        [...this.store.accounts.values()].some(
          (account) => account.verified && account.email === address,
        ),
      ),
    ];
  }
}

function assertOnlyEvent(decision: Decision<SettlementOutcome>, what: string) {
  if (writesNothing({ ...decision, event: null })) return;
  throw new Error(`${what} changed more than its event: ${JSON.stringify(decision.outcome)}`);
}
