/**
 * The invariant suite's engine (issue 17): seeded random steps by several donors and staff
 * against the whole local stack (Hosting -> Functions -> our Firestore, Auth emulator tokens, the
 * Stripe double), the invariants of `truth.ts` checked after each step once the double has
 * delivered every event.
 */
import { Timestamp, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import type { Browser } from '@playwright/test';
import {
  RESERVATION_DURATION_MS,
  effectiveCell,
  readCellDocument,
  readLedgerRow,
  type Cell,
} from '@parroquia/domain';
import { firestoreCellRepository } from '../../functions/src/adapters/firestore-cells.ts';
import { PROJECT_ID } from '@parroquia/testkit/local-stack';
import { verifyEmail } from '../support/accounts.ts';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import { startPayment, stripeClient, submitHostedPage, type Kind } from '../support/payments.ts';
import { ledgerCsvNetCents } from '../support/spanish-spreadsheet.ts';
import { Random } from './random.ts';
import {
  checkInvariants,
  normaliseEmail,
  plotTruth,
  readLedger,
  type DonorTruth,
  type InvariantName,
  type Observation,
  type RegistrationTruth,
  type SessionTruth,
  type Truth,
  type Violation,
} from './truth.ts';

export interface Stack {
  siteUrl: string;
  authHost: string;
  firestoreHost: string;
  stripeUrl: string;
}

export interface SequenceOptions {
  seed: number;
  steps: number;
  donors: number;
  /** Render `/verificar/<code>` in Chromium every this many steps (and after the last); 0: never. */
  browserEvery: number;
  /** Go on after a failing step, reporting the first failure of each invariant at the end. */
  keepGoing: boolean;
  log: (line: string) => void;
}

export interface SequenceResult {
  steps: string[];
  /**
   * Per invariant: the first failing step, its distinct messages (each prefixed by the step it
   * first appeared at), and how many steps failed it.
   */
  failures: Map<
    InvariantName,
    { step: number; messages: string[]; count: number; kinds: Set<string> }
  >;
  ledgerShape: string;
}

const PASSWORD = 'Invariante-2026';
const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';
/** A payment date whose 30 days have passed. */
const lapsedPaidAt = () => Date.now() - RESERVATION_DURATION_MS - 60_000;

/** Past every open Checkout Session's end: 30 minutes and the minute of margin the API adds. */
const SESSION_LIFETIME_S = 31 * 60 + 30;

const FIRST_NAMES = ['Zenobia', 'Teodosio', 'Filotea', 'Anatolio', 'Eufrasia'];
const STRANGER_NAMES = ['Casimira', 'Leocadio', 'Radegunda', 'Pancracio', 'Walburga'];
const MONTH = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
});
const spanishMonth = (ms: number) => MONTH.format(new Date(ms)).slice(0, 7);

interface Donor extends DonorTruth {
  token: string;
  tokenAt: number;
}

/** Whether a donor still has an account to act with (not erased). */
const active = (donor: Donor) => !donor.erased;

interface Mailbox {
  /** The e-mail staff type for it: a donor's own, an alias of it, or a stranger's. */
  addresses: string[];
  name: () => string;
}

type Op =
  | 'buy'
  | 'reserve'
  | 'complete'
  | 'pay'
  | 'decline'
  | 'cancel'
  | 'abandon'
  | 'refund'
  | 'hold-lapse'
  | 'reservation-lapse'
  | 'register'
  | 'link-code'
  | 'rename'
  | 'anonymity'
  | 'logout'
  | 'race'
  | 'staff-complete'
  | 'extend'
  | 'release'
  | 'void'
  | 'erase';

const WEIGHTS: ReadonlyArray<readonly [Op, number]> = [
  ['buy', 12],
  ['reserve', 10],
  ['complete', 7],
  ['pay', 16],
  ['decline', 3],
  ['cancel', 2],
  ['abandon', 1],
  ['refund', 8],
  ['hold-lapse', 3],
  ['reservation-lapse', 3],
  ['register', 10],
  ['link-code', 4],
  ['rename', 3],
  ['anonymity', 4],
  ['logout', 2],
  ['race', 6],
  ['staff-complete', 4],
  ['extend', 2],
  ['release', 2],
  ['void', 3],
  // A donor leaves (GDPR art. 17): at most all but two, so races keep two donors.
  ['erase', 4],
];

export async function runSequence(stack: Stack, options: SequenceOptions): Promise<SequenceResult> {
  const world = new World(stack, options);
  try {
    return await world.run();
  } finally {
    await world.close();
  }
}

class World {
  private readonly random: Random;
  private readonly db: Firestore;
  private readonly stripe: Stripe;
  private readonly donors: Donor[] = [];
  private readonly truth: Truth;
  private readonly steps: string[] = [];
  private readonly failures: SequenceResult['failures'] = new Map();
  private staffToken = '';
  private staffTokenAt = 0;
  private step = 0;
  private lastCells = new Map<string, Cell>();
  private browser: Browser | null = null;
  private forwardedFor = 0;
  private ledgerShape = 'no entries yet';
  /** Ledger entries from before the first step (the seed's demo donors): not this run's money. */
  private ledgerBefore = new Set<string>();
  private mailboxes: Mailbox[] = [];

  constructor(
    private readonly stack: Stack,
    private readonly options: SequenceOptions,
  ) {
    this.random = new Random(options.seed);
    this.db = adminFirestore(stack.firestoreHost);
    this.stripe = stripeClient(stack.stripeUrl);
    const columns = options.steps > 400 ? ['T', 'U', 'V', 'W', 'X'] : ['T', 'U', 'V'];
    const pool = columns.flatMap((column) =>
      Array.from({ length: poolRows(options.steps) }, (_, i) => `${column}${i + 20}`),
    );
    this.truth = {
      donors: this.donors,
      sessions: new Map(),
      registrations: [],
      completions: [],
      lapsedDeposits: new Set(),
      links: new Map(),
      pool,
    };
  }

  async run(): Promise<SequenceResult> {
    await this.setUp();
    const before = await this.db.collection('donations').listDocuments();
    this.ledgerBefore = new Set(before.map((doc) => doc.id));
    for (this.step = 1; this.step <= this.options.steps; this.step++) {
      const line = await this.act();
      this.steps.push(`#${this.step} ${line}`);
      this.options.log(`#${this.step} ${line}`);
      const browser =
        this.options.browserEvery > 0 &&
        (this.step % this.options.browserEvery === 0 || this.step === this.options.steps);
      const violations = await this.check(browser);
      this.record(violations);
      if (violations.length > 0 && !this.options.keepGoing) break;
    }
    return { steps: this.steps, failures: this.failures, ledgerShape: this.ledgerShape };
  }

  async close(): Promise<void> {
    await this.browser?.close();
  }

  /** Why the page check cannot run here, said once; undefined when Chromium is there. */
  private browserMissing: string | undefined | null = null;

  private record(violations: Violation[]): void {
    const failingNow = new Set<InvariantName>();
    for (const violation of violations) {
      const failure = this.failures.get(violation.invariant) ?? {
        step: this.step,
        messages: [],
        count: 0,
        kinds: new Set<string>(),
      };
      this.failures.set(violation.invariant, failure);
      if (!failingNow.has(violation.invariant)) failure.count += 1;
      failingNow.add(violation.invariant);
      // Each kind of message once (ids, plots, names and amounts aside), with its first step.
      const kind = signature(violation.message);
      if (!failure.kinds.has(kind) && failure.messages.length < 12) {
        failure.kinds.add(kind);
        failure.messages.push(`step ${this.step}: ${violation.message}`);
      }
    }
    const now = new Set(violations.map((v) => `${v.invariant}: ${v.message}`));
    const fresh = [...now].filter((line) => !this.standing.has(line));
    for (const line of fresh) this.options.log(`  ! ${line}`);
    if (fresh.length < now.size)
      this.options.log(`  (${now.size - fresh.length} violations still standing)`);
    this.standing = now;
  }

  /** What a step itself saw go wrong (both racers holding one plot), checked with the rest. */
  private stepViolations: Violation[] = [];

  /** The violations of the previous step, so the log shows only what is new. */
  private standing = new Set<string>();

  // ------------------------------------------------------------------ set-up

  private async setUp(): Promise<void> {
    await this.signInStaff();
    for (let i = 0; i < this.options.donors; i++) {
      const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
      const hex = this.random.hex();
      const name = `${first}-${hex}`;
      // The first donor's account is a Gmail address, so staff can type its aliases.
      const email =
        i === 0
          ? `${first.toLowerCase()}.k${hex}@gmail.com`
          : `${first.toLowerCase()}-${hex}@donantes.test`;
      const anonymous = this.random.chance(0.3);
      // The last of three or more never verifies its address: nothing staff register for it
      // reaches it, and no e-mail goes to it (docs/product.md).
      const verified = i < 2 || i < this.options.donors - 1;
      this.donors.push(await this.newDonor(`D${i}`, name, email, anonymous, verified));
    }
    const first = this.donors[0]!;
    const [user] = first.email.split('@') as [string];
    const stranger = `${STRANGER_NAMES[0]!}-${this.random.hex()}`;
    const strangerUser = `${stranger.toLowerCase().replace('-', '.q')}`;
    this.mailboxes = [
      // A donor's own Gmail mailbox under its aliases: one person.
      {
        addresses: [
          first.email,
          `${user.replaceAll('.', '')}+parroquia@gmail.com`,
          `${user}@googlemail.com`,
          `${user.toUpperCase()}@gmail.com`,
        ],
        name: () => first.name,
      },
      // Someone who never signs up, under aliases of one Gmail mailbox.
      {
        addresses: [
          `${strangerUser}@gmail.com`,
          `${strangerUser.replaceAll('.', '')}+caja@gmail.com`,
          `${strangerUser}@googlemail.com`,
        ],
        name: () => stranger,
      },
    ];
    await this.check(false);
  }

  private async newDonor(
    key: string,
    name: string,
    email: string,
    anonymous: boolean,
    verified: boolean,
  ): Promise<Donor> {
    const answer = await this.auth('accounts:signUp', { email, password: PASSWORD });
    const uid = answer.localId;
    const token = answer.idToken;
    if (verified) await verifyEmail(this.stack.authHost, uid);
    const synced = await this.api('POST', '/api/users/sync/', token, { email, name, sub: uid });
    if (synced.status !== 201) throw new Error(`sync ${email}: ${synced.status} ${synced.text}`);
    const accepted = await this.api('POST', '/api/users/accept-privacy-policy/', token, {
      accepted: true,
      anonymous,
    });
    if (accepted.status !== 200)
      throw new Error(`accept-privacy-policy ${email}: ${accepted.status} ${accepted.text}`);
    const profile = accepted.json as { personal_code: string; email: string };
    return {
      key,
      uid,
      email: profile.email,
      name,
      names: [name],
      anonymous,
      personalCode: profile.personal_code,
      verified,
      token,
      tokenAt: Date.now(),
    };
  }

  private async auth(
    method: string,
    body: Record<string, unknown>,
  ): Promise<{ localId: string; idToken: string }> {
    const response = await fetch(
      `http://${this.stack.authHost}/identitytoolkit.googleapis.com/v1/${method}?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...body, returnSecureToken: true }),
      },
    );
    const answer = (await response.json()) as { localId?: string; idToken?: string };
    if (!answer.localId || !answer.idToken) throw new Error(`${method}: ${JSON.stringify(answer)}`);
    return { localId: answer.localId, idToken: answer.idToken };
  }

  private async signInStaff(): Promise<void> {
    this.staffToken = await idTokenOf(this.stack.authHost, DEMO.staff);
    this.staffTokenAt = Date.now();
  }

  private async signIn(donor: Donor): Promise<void> {
    const answer = await this.auth('accounts:signInWithPassword', {
      email: donor.email,
      password: PASSWORD,
    });
    donor.token = answer.idToken;
    donor.tokenAt = Date.now();
  }

  private async api(
    method: 'GET' | 'POST',
    path: string,
    token: string | null,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string; json: unknown }> {
    const response = await fetch(`${this.stack.siteUrl}${path}`, {
      method,
      headers: {
        ...headers,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // A PDF, or an error page: the text is kept.
    }
    return { status: response.status, text, json };
  }

  // ------------------------------------------------------------------ steps

  private async act(): Promise<string> {
    // ID tokens last an hour: long runs sign in again before (staff too: a 2000-step run on a
    // busy machine passed the hour, and the staff CSV answered 401).
    for (const donor of this.donors.filter(active)) {
      if (Date.now() - donor.tokenAt > 45 * 60_000) await this.signIn(donor);
    }
    if (Date.now() - this.staffTokenAt > 45 * 60_000) await this.signInStaff();
    for (let attempt = 0; attempt < 20; attempt++) {
      const op = this.random.weighted(WEIGHTS);
      const line = await this.perform(op);
      if (line !== null) return line;
    }
    return 'abandon: nobody does anything';
  }

  /** One step, or null when the operation has nothing to act on now. */
  private async perform(op: Op): Promise<string | null> {
    switch (op) {
      case 'buy':
      case 'reserve':
        return this.startCheckout(
          this.random.pick(this.donors.filter(active)),
          op,
          this.choosePlots(),
        );
      case 'complete':
        return this.complete();
      case 'pay':
        return this.hostedPage('pay');
      case 'decline':
        return this.hostedPage('decline');
      case 'cancel':
        return this.hostedPage('cancel');
      case 'abandon': {
        const open = this.openSessions();
        if (open.length === 0) return null;
        const session = this.random.pick(open);
        return `abandon: ${this.keyOf(session.uid)} walks away from ${session.id} (${session.kind} ${session.plots})`;
      }
      case 'refund':
        return this.refund();
      case 'hold-lapse':
        return this.holdLapse();
      case 'reservation-lapse':
        return this.reservationLapse();
      case 'register':
        return this.register();
      case 'erase':
        return this.erase();
      case 'link-code':
        return this.linkCode();
      case 'rename':
        return this.rename();
      case 'anonymity':
        return this.toggleAnonymity();
      case 'logout':
        return this.logout();
      case 'race':
        return this.race();
      case 'staff-complete':
        return this.completeAtParish();
      case 'extend':
        return this.changeReservation('extend');
      case 'release':
        return this.changeReservation('release');
      case 'void':
        return this.voidRegistration();
    }
  }

  private available(): string[] {
    return this.truth.pool.filter((plot) => this.lastCells.get(plot)?.status === 'available');
  }

  /** Mostly plots that look free, sometimes any: a taken one must be refused. */
  private choosePlots(): string[] {
    const free = this.available();
    const from = free.length > 0 && this.random.chance(0.75) ? free : this.truth.pool;
    return this.random.sample(from, this.random.int(1, 3));
  }

  private keyOf(uid: string | null): string {
    return this.donors.find((donor) => donor.uid === uid)?.key ?? String(uid);
  }

  private async startCheckout(donor: Donor, kind: Kind, plots: string[]): Promise<string> {
    const started = await startPayment(this.stack.siteUrl, donor, kind, plots);
    const head = `${kind}: ${donor.key} [${plots}]`;
    if (started.status !== 200 || !started.body.sessionId)
      return `${head} -> ${started.status} ${started.body.error ?? ''}`;
    await this.learnSession(started.body.sessionId);
    return `${head} -> 200 ${started.body.sessionId}`;
  }

  private async learnSession(id: string): Promise<SessionTruth> {
    const session = await this.stripe.checkout.sessions.retrieve(id);
    const known = this.truth.sessions.get(id);
    const truth: SessionTruth = {
      id,
      uid: session.metadata?.uid ?? '',
      kind: (session.metadata?.kind ?? 'buy') as Kind,
      plots: (session.metadata?.plots ?? '').split(',').filter(Boolean),
      checkout: session.client_reference_id ?? session.metadata?.checkout ?? null,
      status: (session.status ?? 'open') as SessionTruth['status'],
      paid: session.payment_status === 'paid',
      amountCents: session.amount_total ?? 0,
      paymentIntent:
        typeof session.payment_intent === 'string'
          ? session.payment_intent
          : (session.payment_intent?.id ?? null),
      refundedCents: known?.refundedCents ?? 0,
    };
    this.truth.sessions.set(id, truth);
    return truth;
  }

  private openSessions(): SessionTruth[] {
    return [...this.truth.sessions.values()].filter((session) => session.status === 'open');
  }

  private async complete(): Promise<string | null> {
    const donor = this.random.pick(this.donors.filter(active));
    const own = this.truth.pool.filter((plot) => {
      const cell = this.lastCells.get(plot);
      return cell?.status === 'reserved' && cell.user === donor.uid;
    });
    const reservedByOthers = this.truth.pool.filter(
      (plot) => this.lastCells.get(plot)?.status === 'reserved',
    );
    if (own.length > 0 && this.random.chance(0.9)) {
      return this.startCheckout(
        donor,
        'complete',
        this.random.sample(own, this.random.int(1, own.length)),
      );
    }
    if (reservedByOthers.length === 0) return null;
    // Someone else's reservation: the API must refuse.
    return this.startCheckout(donor, 'complete', [this.random.pick(reservedByOthers)]);
  }

  private async hostedPage(action: 'pay' | 'decline' | 'cancel'): Promise<string | null> {
    const open = this.openSessions();
    if (open.length === 0) return null;
    const session = this.random.pick(open);
    const url = `${this.stack.stripeUrl}/c/pay/${session.id}`;
    const answer = await submitHostedPage(
      url,
      action === 'decline' ? CARD_DECLINED : CARD_OK,
      action === 'cancel' ? 'cancel' : 'pay',
    );
    await answer.arrayBuffer();
    return `${action}: ${this.keyOf(session.uid)} on ${session.id} (${session.kind} [${session.plots}]) -> ${answer.status}`;
  }

  private async refund(): Promise<string | null> {
    const paid = [...this.truth.sessions.values()].filter(
      (session) =>
        session.status === 'complete' &&
        session.paid &&
        session.paymentIntent &&
        session.refundedCents < session.amountCents,
    );
    if (paid.length === 0) return null;
    // Half the time, when there is one, a deposit whose plots its donor has since completed.
    const completedDeposits = paid.filter(
      (session) =>
        session.kind === 'reserve' &&
        session.plots.some((plot) => {
          const cell = this.lastCells.get(plot);
          return cell?.status === 'bought' && cell.user === session.uid;
        }),
    );
    const session =
      completedDeposits.length > 0 && this.random.chance(0.5)
        ? this.random.pick(completedDeposits)
        : this.random.pick(paid);
    const left = session.amountCents - session.refundedCents;
    const partial = left > 100 && this.random.chance(0.2);
    const amount = partial ? this.random.int(1, left / 100 - 1) * 100 : undefined;
    const head = `refund: ${session.id} (${this.keyOf(session.uid)} ${session.kind} [${session.plots}]) ${partial ? `partial ${amount! / 100} €` : `full ${left / 100} €`}`;
    if (this.random.chance(0.5)) {
      // Staff ask it on the donor's page: the money core checks it, then Stripe refunds.
      const asked = await this.api('POST', '/api/staff/donations/refund/', this.staffToken, {
        donation_id: session.id,
        amount_cents: amount ?? left,
        reason: 'invariants',
      });
      return `${head} by staff -> ${asked.status} ${asked.text.slice(0, 120)}`;
    }
    try {
      const refund = await this.stripe.refunds.create({
        payment_intent: session.paymentIntent!,
        ...(amount ? { amount } : {}),
      });
      return `${head} -> ${refund.id}`;
    } catch (error) {
      return `${head} -> refused: ${(error as Error).message}`;
    }
  }

  private async holdLapse(): Promise<string | null> {
    if (this.openSessions().length === 0) return null;
    const response = await fetch(`${this.stack.stripeUrl}/_double/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advance_seconds: SESSION_LIFETIME_S }),
    });
    await response.arrayBuffer();
    return `hold-lapse: the double's clock +${SESSION_LIFETIME_S} s expires ${this.openSessions().length} open sessions -> ${response.status}`;
  }

  /**
   * 30 days pass for one reservation's deposit: the whole deposit lapses, on every plot it paid
   * for, as it would in time. Its ledger entry is dated 30 days back (the product reads a deposit
   * as covering for 30 days from its payment), and each of its plots that nothing else of the
   * holder's keeps reserved has its `reserved_until` passed; then the sweep runs.
   */
  private async reservationLapse(): Promise<string | null> {
    const reserved = this.truth.pool.filter(
      (plot) => this.lastCells.get(plot)?.status === 'reserved',
    );
    if (reserved.length === 0) return null;
    const plot = this.random.pick(reserved);
    const deposits = (
      await this.db.collection('donations').where('cells', 'array-contains', plot).get()
    ).docs.filter((doc) => doc.get('kind') === 'reserve');
    const lapsedPlots = new Set<string>([plot]);
    for (const deposit of deposits) {
      const source =
        typeof deposit.get('certificate_code') === 'string'
          ? `code:${deposit.get('certificate_code') as string}`
          : deposit.id;
      for (const covered of deposit.get('cells') as string[]) {
        this.truth.lapsedDeposits.add(`${source}|${covered}`);
        lapsedPlots.add(covered);
      }
      await this.dateBack(deposit);
    }
    const holder = this.keyOf(this.lastCells.get(plot)?.user ?? null);
    for (const covered of lapsedPlots) {
      const last = this.lastCells.get(covered);
      // A reservation inside its holder's completion checkout lapses too: when that checkout
      // ends unpaid, the plot is for sale (its deadline is what says so).
      const inCompletion = last?.status === 'held' && last.hold?.kind === 'complete';
      if (last?.status !== 'reserved' && !inCompletion) continue;
      // Another live deposit of the holder's still reserves it (re-reserved after a lapse).
      if (plotTruth(this.truth, covered).deposits.length > 0) continue;
      await this.db
        .collection('cells')
        .doc(covered)
        .update({ reserved_until: Timestamp.fromMillis(Date.now() - 60_000) });
    }
    const released = await firestoreCellRepository(() => this.db).releaseLapsed(Date.now());
    return `reservation-lapse: ${plot} (${holder}) and its deposits' plots past their 30 days, sweep released [${released}]`;
  }

  /**
   * Dates a deposit 30 days back, and with it every earlier gift of its holder for any of its
   * plots by as much: time passes for all of them, so which came first stays true (the product
   * reads a holder's later gift for a plot as the end of an earlier reservation of it).
   */
  private async dateBack(found: QueryDocumentSnapshot): Promise<void> {
    // Read again: dating back another deposit of the same holder may have moved this one already.
    const deposit = await found.ref.get();
    const paidAt = (deposit.get('created_at') as Timestamp).toMillis();
    const shift = paidAt - Math.min(paidAt, lapsedPaidAt());
    if (shift === 0) return;
    // By holder, not by plot: `array-contains-any` takes at most 30 plots, and staff may
    // register more on one certificate.
    const plots = new Set(deposit.get('cells') as string[]);
    const earlier = (
      await this.db
        .collection('donations')
        .where('donor', '==', (deposit.get('donor') as string | null | undefined) ?? null)
        .get()
    ).docs.filter(
      (doc) =>
        (doc.get('cells') as string[]).some((plot) => plots.has(plot)) &&
        (doc.get('created_at') as Timestamp).toMillis() <= paidAt,
    );
    const batch = this.db.batch();
    for (const doc of earlier) {
      const at = (doc.get('created_at') as Timestamp).toMillis();
      batch.update(doc.ref, { created_at: Timestamp.fromMillis(at - shift) });
    }
    await batch.commit();
  }

  private async register(): Promise<string | null> {
    const free = this.available();
    if (free.length === 0) return null;
    const kind = this.random.weighted([
      ['donor', 3],
      ['alias', 3],
      ['stranger', 3],
      ['new', 2],
    ] as const);
    let email: string;
    let name: string;
    let target: Donor | null = null;
    if (kind === 'donor') {
      const donor = this.random.pick(this.donors.filter(active));
      target = donor;
      email = donor.email;
      name = donor.name;
    } else if (kind === 'new') {
      name = `${this.random.pick(STRANGER_NAMES)}-${this.random.hex()}`;
      email = `${name.toLowerCase()}@correo.test`;
    } else {
      // An erased donor's mailbox is nobody's now: staff no longer type it for them.
      if (kind === 'alias' && this.donors[0]!.erased) return null;
      const mailbox = this.mailboxes[kind === 'alias' ? 0 : 1]!;
      email = this.random.pick(mailbox.addresses);
      name = mailbox.name();
    }
    // Now and then a large reservation by transfer, past Firestore's 30 values in one query
    // (issue 40 item 11): its rest recorded plot by plot, then maybe voided, must free no plot
    // whose rest stands.
    const large = kind !== 'alias' && free.length >= 40 && this.random.chance(0.1);
    const method = !large && this.random.chance(0.65) ? 'cash' : 'transfer';
    const reserve = large ? this.random.chance(0.8) : this.random.chance(0.3);
    const anonymous = this.random.chance(0.35);
    // Cash for a mailbox under its aliases comes near the monthly limit fast: 2 or 3 plots.
    const most = method === 'cash' ? 3 : 2;
    const plots = large
      ? this.random.sample(free, this.random.int(31, 35))
      : this.random.sample(free, this.random.int(kind === 'alias' ? 2 : 1, most));
    const generated = await this.api('POST', '/api/users/generate-json-codes/', this.staffToken, {
      count: 1,
      lang: 'es',
    });
    const code = (generated.json as { codes?: string[] } | null)?.codes?.[0];
    if (!code) return `register: generate-json-codes -> ${generated.status} ${generated.text}`;
    const registered = await this.api(
      'POST',
      '/api/users/register-physical-certificate/',
      this.staffToken,
      { email, code, name, is_anonymous_donor: anonymous, parcelas: plots, reserve, method },
    );
    const head = `register: staff, ${method} ${reserve ? 'reserve' : 'buy'} [${plots}] for ${email} (${kind}, name ${name}${anonymous ? ', anonymous' : ''}) code ${code}`;
    if (registered.status !== 200) return `${head} -> ${registered.status} ${registered.text}`;
    const stored = (await this.db.collection('certificate_codes').doc(code).get()).data() ?? {};
    const holder = typeof stored.user === 'string' ? stored.user : null;
    // No squatting: a donor's own address reaches their account only when they proved it.
    if (target && holder !== (target.verified ? target.uid : null)) {
      this.stepViolations.push({
        invariant: 'holders',
        message: `staff registered ${code} for ${email}, ${target.verified ? 'verified' : 'never verified'}: it went to ${holder ?? 'nobody'}`,
      });
    }
    const registration: RegistrationTruth = {
      code,
      email,
      name,
      anonymous,
      reserve,
      method,
      plots,
      amountCents: plots.length * (reserve ? 5_000 : 25_000),
      holder,
      month: spanishMonth(Date.now()),
      step: this.step,
    };
    this.truth.registrations.push(registration);
    // docs/product.md "Anonymity": staff ticking it makes the holder's account anonymous.
    if (holder && anonymous) this.becomeAnonymous(holder);
    return `${head} -> 200 ${holder ? `linked to ${this.keyOf(holder)}` : 'awaiting its donor'}`;
  }

  /**
   * The person who has the certificate links it: a code registered for a donor account's e-mail
   * (or a Gmail alias of it) by that donor, a stranger's by whichever donor that stranger turned
   * out to be (the first to link one of the mailbox's codes), any donor for a mailbox nobody has
   * claimed yet. Now and then a code already linked is tried again, by anyone: the API must
   * refuse.
   */
  private async linkCode(): Promise<string | null> {
    const pending = this.truth.registrations.filter((r) => r.holder === null && !r.voided);
    const retry = this.random.chance(0.1);
    const candidates = retry
      ? this.truth.registrations.filter((r) => r.holder !== null || r.voided)
      : pending;
    if (candidates.length === 0) return null;
    const registration = this.random.pick(candidates);
    const mailbox = normaliseEmail(registration.email);
    const owner =
      this.donors.find((donor) => normaliseEmail(donor.email) === mailbox) ??
      this.donors.find((donor) =>
        this.truth.registrations.some(
          (r) => this.truth.links.get(r.code) === donor.uid && normaliseEmail(r.email) === mailbox,
        ),
      );
    const donor = owner && !retry ? owner : this.random.pick(this.donors.filter(active));
    // The mailbox's account was erased: nobody is left to link its codes.
    if (donor.erased) return null;
    const answer = await this.api('POST', '/api/users/link-code/', donor.token, {
      code: registration.code,
    });
    if (answer.status === 200 && registration.voided) {
      this.stepViolations.push({
        invariant: 'coverage',
        message: `${donor.key} linked ${registration.code}, which staff voided: a voided code must be unassigned`,
      });
    } else if (answer.status === 200 && registration.holder === null) {
      registration.holder = donor.uid;
      this.truth.links.set(registration.code, donor.uid);
      if (registration.anonymous) this.becomeAnonymous(donor.uid);
    }
    return `link-code: ${donor.key} links ${registration.code} (${registration.email}, [${registration.plots}]) -> ${answer.status} ${answer.status === 200 ? '' : answer.text}`;
  }

  /** An anonymous certificate's holder is anonymous from then on, until they untick it. */
  private becomeAnonymous(uid: string) {
    const donor = this.donors.find((candidate) => candidate.uid === uid);
    if (donor) donor.anonymous = true;
  }

  /**
   * A donor erases their account (docs/product.md, "Your data") with a fresh sign-in. The
   * ledger's net is read before and after: erasure moves no money. From then on the donor acts
   * no more, and the truth treats them as anonymous: none of their names may show in public.
   */
  private async erase(): Promise<string | null> {
    const left = this.donors.filter(active);
    if (left.length <= 2) return null;
    const donor = this.random.pick(left);
    await this.signIn(donor);
    const net = async () =>
      (await this.db.collection('donations').get()).docs.reduce(
        (sum, doc) => sum + Number(doc.get('amount_cents')),
        0,
      );
    const before = await net();
    const answer = await this.api('POST', '/api/users/erase-account/', donor.token, {
      confirm: true,
    });
    const after = await net();
    if (after !== before) {
      this.stepViolations.push({
        invariant: 'erasure',
        message: `erasing ${donor.key} moved the ledger's net from ${before} to ${after} cents`,
      });
    }
    if (answer.status === 200) {
      donor.erased = true;
      donor.anonymous = true;
    }
    return `erase: ${donor.key} (${donor.name}) -> ${answer.status} ${answer.status === 200 ? '' : answer.text}`;
  }

  private async rename(): Promise<string> {
    const donor = this.random.pick(this.donors.filter(active));
    const name = `${donor.name.split('-')[0]}-${this.random.hex()}`;
    const answer = await this.api('POST', '/api/users/update_user/', donor.token, { name });
    const line = `rename: ${donor.key} ${donor.name} -> ${name}: ${answer.status}`;
    if (answer.status === 200) {
      donor.name = name;
      donor.names.push(name);
    }
    return line;
  }

  private async toggleAnonymity(): Promise<string> {
    const donor = this.random.pick(this.donors.filter(active));
    const anonymous = !donor.anonymous;
    const answer = await this.api('POST', '/api/users/update_user/', donor.token, {
      is_anonymous_donor: anonymous,
    });
    if (answer.status === 200) donor.anonymous = anonymous;
    return `anonymity: ${donor.key} (${donor.name}) is_anonymous_donor=${anonymous} -> ${answer.status}`;
  }

  private async logout(): Promise<string> {
    const donor = this.random.pick(this.donors.filter(active));
    const old = donor.token;
    const answer = await this.api('POST', '/api/users/logout/', old);
    // The Auth emulator counts revocation in whole seconds: a sign-in in the same second as the
    // revocation would carry a token issued "before" it.
    await new Promise((done) => setTimeout(done, 1100));
    const stale = await this.api('GET', '/api/users/whoami/', old);
    await this.signIn(donor);
    const fresh = await this.api('GET', '/api/users/whoami/', donor.token);
    return `logout: ${donor.key} -> ${answer.status}; old token -> ${stale.status}, signed in again -> ${fresh.status}`;
  }

  private async race(): Promise<string | null> {
    const [a, b] = this.random.sample(this.donors.filter(active), 2);
    if (!a || !b) return null;
    const free = this.available();
    const shared = this.random.sample(free.length > 0 ? free : this.truth.pool, 1);
    const rest = this.truth.pool.filter((plot) => !shared.includes(plot));
    const plotsA = [...shared, ...this.random.sample(rest, this.random.int(0, 1))];
    const plotsB = [...shared, ...this.random.sample(rest, this.random.int(0, 1))];
    const kindA: Kind = this.random.chance(0.6) ? 'buy' : 'reserve';
    const kindB: Kind = this.random.chance(0.6) ? 'buy' : 'reserve';
    const [lineA, lineB] = await Promise.all([
      this.startCheckout(a, kindA, plotsA),
      this.startCheckout(b, kindB, plotsB),
    ]);
    if (/-> 200 /.test(lineA) && /-> 200 /.test(lineB)) {
      this.stepViolations.push({
        invariant: 'holders',
        message: `${a.key} and ${b.key} both opened a checkout for ${shared} at once: ${lineA} || ${lineB}`,
      });
    }
    return `race: ${lineA} || ${lineB}`;
  }

  // ------------------------------------------------------------------ the back office

  /** A reserved plot of the pool as the last check saw it, and its holder's registration. */
  private pickReservation(): { plot: string; holder: string | null } | null {
    const reserved = this.truth.pool.filter(
      (plot) => this.lastCells.get(plot)?.status === 'reserved',
    );
    if (reserved.length === 0) return null;
    const plot = this.random.pick(reserved);
    return { plot, holder: this.lastCells.get(plot)?.user ?? null };
  }

  /** The live registration reserving `plot` for someone without an account yet, if any. */
  /**
   * The registration the plot's reservation is now: the latest that names it. An older one
   * lapsed before the plot could be registered again (its code stays `registered`), and the API
   * completes the latest too (`registrationOf` in functions/src/adapters/firestore-back-office.ts).
   */
  private waitingRegistration(plot: string): RegistrationTruth | null {
    return (
      this.truth.registrations.findLast(
        (r) => r.reserve && !r.voided && r.holder === null && r.plots.includes(plot),
      ) ?? null
    );
  }

  /** Staff record the rest of a reservation as paid at the parish, in cash or by transfer. */
  private async completeAtParish(): Promise<string | null> {
    const picked = this.pickReservation();
    if (!picked) return null;
    const method = this.random.chance(0.5) ? 'cash' : 'transfer';
    const answer = await this.api('POST', '/api/staff/reservations/complete/', this.staffToken, {
      parcelas: [picked.plot],
      method,
    });
    const head = `staff-complete: ${method} rest of ${picked.plot} (${this.keyOf(picked.holder)})`;
    if (answer.status !== 200) return `${head} -> ${answer.status} ${answer.text}`;
    this.truth.completions.push({
      plots: [picked.plot],
      holder: picked.holder,
      registration: picked.holder === null ? this.waitingRegistration(picked.plot) : null,
      method,
      amountCents: 20_000,
      month: spanishMonth(Date.now()),
      step: this.step,
    });
    return `${head} -> 200`;
  }

  /** Staff extend a reservation by some days, or release it now, each with a reason. */
  private async changeReservation(change: 'extend' | 'release'): Promise<string | null> {
    const picked = this.pickReservation();
    if (!picked) return null;
    const stored = await this.db.collection('cells').doc(picked.plot).get();
    const deadline = (stored.get('reserved_until') as Timestamp | null)?.toMillis() ?? Date.now();
    // Now and then past the 30 days allowed: the API must refuse and change nothing.
    const days = this.random.chance(0.15) ? 31 : this.random.int(1, 30);
    const until = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
      deadline + (days - 1) * 24 * 60 * 60 * 1000,
    );
    const body =
      change === 'extend'
        ? { parcelas: [picked.plot], until, reason: 'espera una transferencia' }
        : { parcelas: [picked.plot], reason: 'ya no la quiere' };
    const answer = await this.api(
      'POST',
      `/api/staff/reservations/${change}/`,
      this.staffToken,
      body,
    );
    const head = `${change}: ${picked.plot} (${this.keyOf(picked.holder)})${change === 'extend' ? ` to ${until}` : ''}`;
    if (answer.status === 200 && change === 'release') {
      // The deposits reserving it stay paid and cover it no more, as when their days run out.
      for (const source of await this.depositSources(picked.plot)) {
        this.truth.lapsedDeposits.add(`${source}|${picked.plot}`);
      }
    }
    return `${head} -> ${answer.status} ${answer.status === 200 ? '' : answer.text}`;
  }

  /** The deposits paying for `plot` as the truth names them: a session, or `code:` a code. */
  private async depositSources(plot: string): Promise<string[]> {
    const deposits = (
      await this.db.collection('donations').where('cells', 'array-contains', plot).get()
    ).docs.filter((doc) => doc.get('kind') === 'reserve');
    return deposits.map((deposit) =>
      typeof deposit.get('certificate_code') === 'string'
        ? `code:${deposit.get('certificate_code') as string}`
        : deposit.id,
    );
  }

  /** Staff void a registration made by mistake; now and then one voided already (409). */
  private async voidRegistration(): Promise<string | null> {
    const again = this.random.chance(0.1);
    const candidates = this.truth.registrations.filter((r) => (again ? r.voided : !r.voided));
    if (candidates.length === 0) return null;
    const registration = this.random.pick(candidates);
    const row = await this.db
      .collection('donations')
      .where('certificate_code', '==', registration.code)
      .get();
    // The registration's own row (the rest recorded at the parish carries its code too).
    const original = row.docs.find((doc) => ['buy', 'reserve'].includes(doc.get('kind') as string));
    if (!original) return `void: ${registration.code} has no ledger row`;
    const answer = await this.api('POST', '/api/staff/donations/void/', this.staffToken, {
      donation_id: original.id,
      reason: 'registrada por error',
    });
    const head = `void: ${registration.code} (${registration.method} [${registration.plots}] for ${registration.email})`;
    if (answer.status === 200) {
      if (registration.voided) {
        this.stepViolations.push({
          invariant: 'money',
          message: `${registration.code} was voided twice: ${answer.text}`,
        });
      }
      registration.voided = true;
    }
    return `${head} -> ${answer.status} ${answer.status === 200 ? '' : answer.text}`;
  }

  // ------------------------------------------------------------------ observing

  /** Every event the double sent has been delivered (or given up on), twice in a row. */
  private async settleEvents(): Promise<{ undelivered: string[] }> {
    const deadline = Date.now() + 60_000;
    let previous = -1;
    for (;;) {
      const response = await fetch(`${this.stack.stripeUrl}/_double/events`);
      const { events, deliveries } = (await response.json()) as {
        events: Stripe.Event[];
        deliveries: Array<{
          eventId: string;
          type: string;
          attempts: Array<{ status: number | null }>;
          delivered: boolean;
        }>;
      };
      const open = deliveries.filter((d) => !d.delivered && d.attempts.length < 7);
      const settled = open.length === 0 && deliveries.length >= events.length;
      if (settled && events.length === previous) {
        this.learnRefunds(events);
        const undelivered = deliveries
          .filter((d) => !d.delivered)
          .map((d) => `${d.type} ${d.eventId} (answers ${d.attempts.map((a) => a.status)})`);
        return { undelivered };
      }
      previous = settled ? events.length : -1;
      if (Date.now() > deadline) {
        return {
          undelivered: open.map((d) => `${d.type} ${d.eventId} (still retrying after 60 s)`),
        };
      }
      await new Promise((done) => setTimeout(done, settled ? 60 : 150));
    }
  }

  /** The double's `charge.refunded` events carry each charge's `amount_refunded` so far. */
  private learnRefunds(events: Stripe.Event[]): void {
    const refunded = new Map<string, number>();
    for (const event of events) {
      if (event.type !== 'charge.refunded') continue;
      const charge = event.data.object;
      const intent =
        typeof charge.payment_intent === 'string'
          ? charge.payment_intent
          : charge.payment_intent?.id;
      if (intent) refunded.set(intent, Math.max(refunded.get(intent) ?? 0, charge.amount_refunded));
    }
    for (const session of this.truth.sessions.values()) {
      if (session.paymentIntent) session.refundedCents = refunded.get(session.paymentIntent) ?? 0;
    }
  }

  private async refreshSessions(): Promise<void> {
    // Sessions the suite did not start itself (none expected) still count: the latest 100.
    const listed = await this.stripe.checkout.sessions.list({ limit: 100 });
    for (const session of listed.data) {
      if (!this.truth.sessions.has(session.id)) await this.learnSession(session.id);
    }
    for (const session of this.openSessions()) await this.learnSession(session.id);
  }

  private async check(browser: boolean): Promise<Violation[]> {
    const { undelivered } = await this.settleEvents();
    await this.refreshSessions();
    const { undelivered: late } = await this.settleEvents();
    const now = Date.now();
    const snapshots = await this.db.getAll(
      ...this.truth.pool.map((plot) => this.db.collection('cells').doc(plot)),
    );
    const storedCells = new Map<string, Cell>();
    for (const snapshot of snapshots) {
      if (!snapshot.exists) continue;
      const reading = readCellDocument(snapshot.id, snapshot.data() ?? {});
      if (reading.ok) storedCells.set(snapshot.id, reading.cell);
    }
    this.lastCells = new Map(
      [...storedCells].map(([plot, cell]) => [plot, effectiveCell(cell, now)]),
    );
    const cellsAnswer = await this.api('GET', '/api/cells/', null);
    const verify = new Map<string, { status: number; text: string; plots: string[] }>();
    for (const donor of this.donors) verify.set(donor.personalCode, await this.verify(donor));
    // Every ledger row is read once a step, with the progress and the plots it must agree with.
    const progress = await this.progress();
    const ledger = progress.rows.filter((row) => !this.ledgerBefore.has(row.id));
    if (ledger.length > 0) this.ledgerShape = readLedger(ledger).shape;
    const seen: Observation = {
      now,
      storedCells,
      apiCells: (cellsAnswer.json ?? []) as Observation['apiCells'],
      apiCellsText: cellsAnswer.text,
      snapshotText: (await this.api('GET', '/api/cells/snapshot/', null)).text,
      publicCellsText: await this.publicCells(),
      verify,
      pages: browser ? await this.renderVerifyPages() : new Map(),
      ledger,
      undelivered: [...new Set([...undelivered, ...late])],
      progress: progress.observed,
      mails: (await this.db.collection('mail').get()).docs.map((doc) => ({
        id: doc.id,
        to: String(doc.get('to')),
      })),
    };
    const stepViolations = this.stepViolations;
    this.stepViolations = [];
    return [...stepViolations, ...checkInvariants(this.truth, seen)];
  }

  /**
   * `campaign/progress`, `campaign/ledger`, every plot and every ledger row, read together so no
   * change falls between them; and the CSV staff download, summed.
   */
  private async progress(): Promise<{
    observed: Observation['progress'];
    rows: Array<{ id: string; data: Record<string, unknown> }>;
  }> {
    const stored = await this.db.runTransaction(
      async (tx) => {
        const [document, summary, cells, ledger] = await Promise.all([
          tx.get(this.db.collection('campaign').doc('progress')),
          tx.get(this.db.collection('campaign').doc('ledger')),
          tx.get(this.db.collection('cells')),
          tx.get(this.db.collection('donations')),
        ]);
        return {
          document: document.data() ?? null,
          summary: summary.data() ?? null,
          cells: cells.docs.flatMap((doc) => {
            const reading = readCellDocument(doc.id, doc.data());
            return reading.ok ? [reading.cell] : [];
          }),
          rows: ledger.docs.map((doc) => ({ id: doc.id, data: doc.data() })),
        };
      },
      { readOnly: true },
    );
    const csv = await this.api('GET', '/api/staff/donations.csv', this.staffToken);
    const { rows, ...read } = stored;
    return {
      observed: {
        ...read,
        ledger: rows.map(({ id, data }) => readLedgerRow(id, data)),
        csvNetCents: csv.status === 200 ? ledgerCsvNetCents(csv.text) : null,
        csvText: csv.status === 200 ? csv.text : '',
      },
      rows,
    };
  }

  /** Each request from its own address (`X-Forwarded-For`): the route allows 20 a minute each. */
  private async verify(donor: Donor): Promise<{ status: number; text: string; plots: string[] }> {
    for (let attempt = 0; ; attempt++) {
      this.forwardedFor += 1;
      const address = `10.${(this.forwardedFor >> 16) & 255}.${(this.forwardedFor >> 8) & 255}.${this.forwardedFor & 255}`;
      const answer = await this.api(
        'GET',
        `/api/certificates/verify/?code=${donor.personalCode}`,
        null,
        undefined,
        { 'X-Forwarded-For': address },
      );
      if (answer.status === 429 && attempt < 5) {
        await new Promise((done) => setTimeout(done, 5_000));
        continue;
      }
      const plots = ((answer.json as { plots?: Array<{ code: string }> } | null)?.plots ?? []).map(
        (plot) => plot.code,
      );
      return { status: answer.status, text: answer.text, plots };
    }
  }

  /** The `cells` documents as a browser without a session reads them: REST, rules applied. */
  private async publicCells(): Promise<string> {
    const base = `http://${this.stack.firestoreHost}/v1/projects/${PROJECT_ID}/databases/(default)/documents/cells`;
    let text = '';
    let pageToken = '';
    for (let page = 0; page < 20; page++) {
      const response = await fetch(
        `${base}?pageSize=1000${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`,
      );
      const body = await response.text();
      if (response.status !== 200) throw new Error(`cells read without auth: ${response.status}`);
      text += body;
      pageToken = (JSON.parse(body) as { nextPageToken?: string }).nextPageToken ?? '';
      if (!pageToken) break;
    }
    return text;
  }

  private async renderVerifyPages(): Promise<Map<string, string>> {
    if (!this.browser) {
      const { chromium } = await import('@playwright/test');
      const { chromiumLaunchOptions, chromiumMissing } =
        await import('@parroquia/testkit/chromium');
      if (this.browserMissing === null) {
        this.browserMissing = chromiumMissing();
        if (this.browserMissing)
          this.options.log(`  (the /verificar/ page is not checked: ${this.browserMissing})`);
      }
      if (this.browserMissing) return new Map();
      this.browser = await chromium.launch(chromiumLaunchOptions());
    }
    const pages = new Map<string, string>();
    const page = await this.browser.newPage();
    try {
      for (const donor of this.donors) {
        await page.goto(`${this.stack.siteUrl}/verificar/${donor.personalCode}`);
        // The answer is in once the code or the "not found" text is shown.
        await page
          .waitForFunction(
            (code) =>
              document.body.innerText.includes(code) &&
              !document.querySelector('[aria-busy="true"]'),
            donor.personalCode,
            { timeout: 15_000 },
          )
          .catch(() => undefined);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        pages.set(donor.personalCode, await page.evaluate(() => document.body.innerText));
      }
    } finally {
      await page.close();
    }
    return pages;
  }
}

/** What a message says once its ids, plots, names, codes and amounts are left out. */
function signature(message: string): string {
  return message
    .replace(/….*?…/g, '…')
    .replace(/\b(cs_test|re|pi|ch)_\w+/g, '<id>')
    .replace(/\b[A-Z][a-z]+-[0-9a-f]{4}\b/g, '<name>')
    .replace(/\b[0-9A-Z]{8}\b/g, '<code>')
    .replace(/\b[A-X]\d{1,2}\b/g, '<plot>')
    .replace(/\bD\d\b/g, '<donor>')
    .replace(/\(\w{20,}\)/g, '(<uid>)')
    .replace(/-?\d+\.\d\d €/g, '<eur>')
    .replace(/\bstep \d+/g, 'step <n>');
}

/** Rows per column of the plot pool: more plots for longer runs, so they do not fill up. */
function poolRows(steps: number): number {
  return Math.max(6, Math.min(19, Math.ceil(steps / 15)));
}
