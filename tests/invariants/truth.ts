/**
 * What should be true, built from what the suite itself did (staff registrations, links,
 * reservation lapses) and from the Stripe double's sessions and refunds, never from the API's own
 * ledger or payments. `checkInvariants` compares it with what the product shows.
 */
import {
  checkCoverage as checkCoreCoverage,
  checkMailRecipients,
  checkMoney as checkCoreMoney,
  checkLedgerSummary,
  checkProgress as checkCoreProgress,
  effectiveCell,
  readLedgerRow,
  readLedgerSummary,
  readProgressDocument,
  type Cell,
  type LedgerRow,
  type CoreViolation,
} from '@parroquia/domain';

export const CASH_LIMIT_CENTS = 99_999;

export type InvariantName =
  | 'coverage'
  | 'money'
  | 'privacy'
  | 'cash'
  | 'holders'
  | 'delivery'
  | 'progress'
  | 'mail'
  | 'erasure';

export interface Violation {
  invariant: InvariantName;
  message: string;
}

export interface DonorTruth {
  key: string;
  uid: string;
  email: string;
  /** Current name, and every name the donor ever had (a leak of an old one is a leak). */
  name: string;
  names: string[];
  anonymous: boolean;
  personalCode: string;
  /** Auth says the address is verified: staff registrations and e-mails may go to it. */
  verified: boolean;
  /** The donor erased the account (docs/product.md, "Your data"): shown as anonymous since. */
  erased?: boolean;
}

/** A Checkout Session as the Stripe double reports it (through the SDK and its events). */
export interface SessionTruth {
  id: string;
  uid: string;
  kind: 'buy' | 'reserve' | 'complete';
  plots: string[];
  /** Our checkout reference (`client_reference_id`), the cells' `hold.session_id`. */
  checkout: string | null;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  amountCents: number;
  paymentIntent: string | null;
  /** What the double has refunded of its charge, in cents. */
  refundedCents: number;
}

/** A staff registration the API accepted. */
export interface RegistrationTruth {
  code: string;
  email: string;
  /** The name staff typed (a donor's name, or a stranger's). */
  name: string;
  anonymous: boolean;
  reserve: boolean;
  method: 'cash' | 'transfer';
  plots: string[];
  amountCents: number;
  /** The account holding the plots: set at registration (e-mail of an account) or by link-code. */
  holder: string | null;
  month: string;
  step: number;
  /** Staff voided it as a mistake: it pays for nothing and counts for no money. */
  voided?: boolean;
}

/** The rest of a reservation staff recorded as paid in cash or by transfer. */
export interface CompletionTruth {
  plots: string[];
  /** The reservation's holder; null: a registration still waiting (then `registration`). */
  holder: string | null;
  /** The registration it completes when its donor has no account yet (it follows its link). */
  registration: RegistrationTruth | null;
  method: 'cash' | 'transfer';
  amountCents: number;
  month: string;
  step: number;
}

export interface Truth {
  donors: DonorTruth[];
  sessions: Map<string, SessionTruth>;
  registrations: RegistrationTruth[];
  completions: CompletionTruth[];
  /** `${source}|${plot}` of deposits whose 30 days the suite made pass (source: session or code). */
  lapsedDeposits: Set<string>;
  /** Codes linked by a donor: `code -> uid` (joins the code's e-mail to the account). */
  links: Map<string, string>;
  /** The plots the suite plays with. */
  pool: string[];
}

/** What the product shows, read after every Stripe event has been delivered. */
export interface Observation {
  now: number;
  /** Stored cells of the pool (Admin SDK), read back with `readCellDocument`. */
  storedCells: Map<string, Cell>;
  /** `GET /api/cells/`: the parsed answer and its text. */
  apiCells: Array<{
    id: string;
    status: string;
    user: string | null;
    donor_display: string | null;
  }>;
  apiCellsText: string;
  /** `GET /api/cells/snapshot/`'s text: the map's first paint, shared by the CDN. */
  snapshotText: string;
  /** The `cells` documents as an unauthenticated client reads them (REST, rules applied). */
  publicCellsText: string;
  /** `GET /api/certificates/verify/?code=` for every donor's personal code. */
  verify: Map<string, { status: number; text: string; plots: string[] }>;
  /** The `/verificar/<code>` page's text in Chromium, when sampled this step. */
  pages: Map<string, string>;
  /** Every `donations` document (Admin SDK). */
  ledger: Array<{ id: string; data: Record<string, unknown> }>;
  /** Events the double could not deliver. */
  undelivered: string[];
  /**
   * `campaign/progress`, `campaign/ledger` (the staff panel's totals), every stored cell of the
   * map and every ledger row (Admin SDK, one transaction), and the staff CSV's total (null: the
   * download failed).
   */
  progress: {
    document: Record<string, unknown> | null;
    summary: Record<string, unknown> | null;
    cells: Cell[];
    ledger: LedgerRow[];
    csvNetCents: number | null;
    /** The staff CSV as downloaded ('' when it failed). */
    csvText: string;
  };
  /** Every `mail` document's id and recipient (Admin SDK). */
  mails: Array<{ id: string; to: string }>;
}

// ---------------------------------------------------------------- e-mails and persons

/** Lowercased, `+tag` removed, Gmail's dots removed and googlemail.com read as gmail.com. */
export function normaliseEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  let user = local.split('+')[0]!;
  let host = domain;
  if (host === 'googlemail.com') host = 'gmail.com';
  if (host === 'gmail.com') user = user.replaceAll('.', '');
  return `${user}@${host}`;
}

class Persons {
  private parent = new Map<string, string>();
  find(node: string): string {
    let root = node;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!;
    this.parent.set(node, root);
    return root;
  }
  union(a: string, b: string): void {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra !== rb) this.parent.set(ra, rb);
  }
  members(root: string): string[] {
    return [...this.parent.keys()].filter((node) => this.find(node) === root);
  }
}

/** A person: an account together with every normalised e-mail it owns. */
function personsOf(truth: Truth): Persons {
  const persons = new Persons();
  for (const donor of truth.donors) {
    persons.union(`account:${donor.uid}`, `email:${normaliseEmail(donor.email)}`);
  }
  for (const registration of truth.registrations) {
    const email = `email:${normaliseEmail(registration.email)}`;
    persons.find(email);
    if (registration.holder) persons.union(email, `account:${registration.holder}`);
  }
  for (const [code, uid] of truth.links) {
    const registration = truth.registrations.find((candidate) => candidate.code === code);
    if (registration)
      persons.union(`email:${normaliseEmail(registration.email)}`, `account:${uid}`);
  }
  return persons;
}

// ---------------------------------------------------------------- coverage

interface Grant {
  source: string;
  /** uid, or null for a staff registration whose donor has no account yet. */
  holder: string | null;
  /** false when the payment is partially refunded: either outcome is accepted. */
  definite: boolean;
  /** For registrations: staff ticked "anonymous". */
  staffAnonymous: boolean;
  registration?: RegistrationTruth;
}

export interface PlotTruth {
  bought: Grant[];
  deposits: Grant[];
  /** Deposits whose 30 days ran out: a completion opened before then may still be paid. */
  lapsed: Grant[];
}

export function plotTruth(truth: Truth, plot: string): PlotTruth {
  const bought: Grant[] = [];
  const deposits: Grant[] = [];
  const lapsed: Grant[] = [];
  for (const session of truth.sessions.values()) {
    if (!session.plots.includes(plot) || session.status !== 'complete' || !session.paid) continue;
    if (session.refundedCents >= session.amountCents) continue;
    const grant: Grant = {
      source: session.id,
      holder: session.uid,
      definite: session.refundedCents === 0,
      staffAnonymous: false,
    };
    if (session.kind === 'reserve') {
      if (truth.lapsedDeposits.has(`${session.id}|${plot}`)) lapsed.push(grant);
      else deposits.push(grant);
    } else bought.push(grant);
  }
  for (const registration of truth.registrations) {
    if (registration.voided || !registration.plots.includes(plot)) continue;
    const grant: Grant = {
      source: `code:${registration.code}`,
      holder: registration.holder,
      definite: true,
      staffAnonymous: registration.anonymous,
      registration,
    };
    if (!registration.reserve) bought.push(grant);
    else if (truth.lapsedDeposits.has(`code:${registration.code}|${plot}`)) lapsed.push(grant);
    else deposits.push(grant);
  }
  for (const completion of truth.completions) {
    if (!completion.plots.includes(plot)) continue;
    const registration = completion.registration;
    bought.push({
      source: `completion at step ${completion.step}`,
      holder: registration ? registration.holder : completion.holder,
      definite: true,
      staffAnonymous: registration?.anonymous ?? false,
      ...(registration && registration.holder === null ? { registration } : {}),
    });
  }
  return { bought, deposits, lapsed };
}

const who = (truth: Truth, uid: string | null) => {
  if (uid === null) return 'nobody (a staff registration awaiting its donor)';
  const donor = truth.donors.find((candidate) => candidate.uid === uid);
  return donor ? `${donor.key} ${donor.name} (${uid})` : uid;
};

const describeCell = (cell: Cell) =>
  `${cell.status}${cell.hold ? `/${cell.hold.kind}` : ''} user=${cell.user ?? 'null'} donor_display=${JSON.stringify(cell.donor_display)}`;

/** The grant that decides the plot's holder, if any (bought first, then a live deposit). */
export function holdingGrant(truth: Truth, plot: string): Grant | null {
  const { bought, deposits } = plotTruth(truth, plot);
  return bought.find((grant) => grant.definite) ?? deposits.find((grant) => grant.definite) ?? null;
}

function checkCoverage(truth: Truth, seen: Observation, out: Violation[]): void {
  const openCheckouts = new Map<string, SessionTruth>();
  for (const session of truth.sessions.values()) {
    if (session.status === 'open' && session.checkout) openCheckouts.set(session.checkout, session);
  }
  for (const plot of truth.pool) {
    const stored = seen.storedCells.get(plot);
    if (!stored) {
      out.push({ invariant: 'coverage', message: `${plot}: no cells document` });
      continue;
    }
    const cell = effectiveCell(stored, seen.now);
    const { bought, deposits, lapsed } = plotTruth(truth, plot);
    const definiteBuyers = [...new Set(bought.filter((g) => g.definite).map((g) => g.holder))];
    // A partially refunded payment may count either way: two holders only on definite grants.
    const depositors = [...new Set(deposits.filter((g) => g.definite).map((g) => g.holder))];
    if (definiteBuyers.length > 1 || (definiteBuyers.length === 0 && depositors.length > 1)) {
      const grants = [...bought, ...deposits].map((g) => `${g.source} -> ${who(truth, g.holder)}`);
      out.push({
        invariant: 'holders',
        message: `${plot} has two holders, each with an unrefunded paid payment or registration: ${grants.join('; ')}`,
      });
      continue;
    }
    const sources = [...bought, ...deposits]
      .map((g) => `${g.source}${g.definite ? '' : ' (partially refunded)'}`)
      .join(', ');
    const because = sources ? `covered by ${sources}` : 'no unrefunded paid payment covers it';
    const fail = (expected: string) =>
      out.push({
        invariant: 'coverage',
        message: `${plot}: expected ${expected}, found ${describeCell(cell)}; ${because}`,
      });
    if (definiteBuyers.length === 1) {
      const holder = definiteBuyers[0]!;
      if (cell.status !== 'bought' || cell.user !== holder) fail(`bought by ${who(truth, holder)}`);
      continue;
    }
    // Acceptable states, weakest evidence last: a partially refunded payment may count either way.
    const accepted: Array<(c: Cell) => boolean> = [];
    const expectations: string[] = [];
    for (const grant of bought) {
      accepted.push((c) => c.status === 'bought' && c.user === grant.holder);
      expectations.push(`bought by ${who(truth, grant.holder)} (partially refunded payment)`);
    }
    const liveDeposits = deposits.filter((g) => g.definite);
    if (liveDeposits.length > 0) {
      const holder = liveDeposits[0]!.holder;
      accepted.push(
        (c) =>
          c.user === holder &&
          (c.status === 'reserved' || (c.status === 'held' && c.hold?.kind === 'complete')),
      );
      expectations.push(`reserved by ${who(truth, holder)} (or held by them to complete it)`);
    } else {
      for (const grant of deposits) {
        accepted.push(
          (c) => c.user === grant.holder && (c.status === 'reserved' || c.status === 'held'),
        );
        expectations.push(`reserved by ${who(truth, grant.holder)} (partially refunded deposit)`);
      }
      accepted.push((c) => c.status === 'available');
      accepted.push((c) => {
        if (c.status !== 'held' || !c.hold) return false;
        // Completing needs a deposit: one that lapsed while its completion was open counts.
        if (c.hold.kind === 'complete' && !lapsed.some((grant) => grant.holder === c.user)) {
          return false;
        }
        const session = openCheckouts.get(c.hold.session_id);
        return (
          session !== undefined &&
          session.uid === c.user &&
          session.kind === c.hold.kind &&
          session.plots.includes(plot)
        );
      });
      expectations.push(
        'available, or held by an open checkout of its holder (to complete: only a lapsed deposit of theirs)',
      );
    }
    if (!accepted.some((ok) => ok(cell))) fail(expectations.join(' or '));
  }
}

// ---------------------------------------------------------------- holders and donor_display

function checkHolders(truth: Truth, seen: Observation, out: Violation[]): void {
  const apiById = new Map(seen.apiCells.map((cell) => [cell.id, cell]));
  for (const plot of truth.pool) {
    const stored = seen.storedCells.get(plot);
    if (!stored) continue;
    const cell = effectiveCell(stored, seen.now);
    const api = apiById.get(plot);
    if (!api) {
      out.push({ invariant: 'holders', message: `${plot}: missing from GET /api/cells/` });
    } else if (api.status !== cell.status || api.user !== cell.user) {
      out.push({
        invariant: 'holders',
        message: `${plot}: GET /api/cells/ says ${api.status} user=${api.user}, the effective cell is ${describeCell(cell)}`,
      });
    }
    if (cell.status !== 'bought' && cell.status !== 'reserved') continue;
    const grant = holdingGrant(truth, plot);
    if (!grant || grant.holder !== cell.user) continue; // coverage reports it
    let expected: Array<string | null>;
    let why: string;
    if (cell.user === null) {
      const registration = grant.registration;
      // Nothing is always safe; the name staff typed only for a registration not marked anonymous.
      expected = [null];
      if (registration && !registration.anonymous) expected.push(registration.name);
      why = `a staff registration (${registration?.code}) awaiting its donor, anonymous=${registration?.anonymous}`;
    } else {
      const donor = truth.donors.find((candidate) => candidate.uid === cell.user);
      if (!donor) continue;
      // The account's flag decides for every plot (docs/product.md "Anonymity"); a staff
      // registration marked anonymous set it when the account got the plot.
      expected = [donor.anonymous ? donor.personalCode : donor.name];
      why = `holder ${donor.key} is ${donor.anonymous ? 'anonymous' : `not anonymous (name ${donor.name})`}`;
    }
    if (!expected.includes(cell.donor_display)) {
      out.push({
        invariant: 'holders',
        message: `${plot}: donor_display ${JSON.stringify(cell.donor_display)}, expected ${expected.map((e) => JSON.stringify(e)).join(' or ')}: ${why}`,
      });
    }
  }
  // A plot listed for two donors by the public check.
  const listedBy = new Map<string, string[]>();
  for (const donor of truth.donors) {
    const answer = seen.verify.get(donor.personalCode);
    for (const plot of answer?.plots ?? []) {
      listedBy.set(plot, [...(listedBy.get(plot) ?? []), donor.key]);
    }
    const own = truth.pool.filter((plot) => {
      const stored = seen.storedCells.get(plot);
      if (!stored) return false;
      const cell = effectiveCell(stored, seen.now);
      return cell.user === donor.uid && (cell.status === 'bought' || cell.status === 'reserved');
    });
    const listed = (answer?.plots ?? []).filter((plot) => truth.pool.includes(plot));
    if (answer && answer.status === 200 && own.sort().join() !== listed.sort().join()) {
      out.push({
        invariant: 'holders',
        message: `verify ${donor.personalCode} (${donor.key}) lists [${listed}], the map gives the donor [${own}]`,
      });
    }
  }
  for (const [plot, keys] of listedBy) {
    if (keys.length > 1)
      out.push({
        invariant: 'holders',
        message: `${plot} is listed by the public check of ${keys.join(' and ')}`,
      });
  }
}

// ---------------------------------------------------------------- privacy

/** Names that may appear in public: each with why. */
export function allowedNames(truth: Truth, seen: Observation): Set<string> {
  const allowed = new Set<string>();
  const persons = personsOf(truth);
  const openCompletions = [...truth.sessions.values()].filter(
    (session) => session.status === 'open' && session.kind === 'complete',
  );
  for (const donor of truth.donors) {
    if (donor.anonymous) continue;
    const root = persons.find(`account:${donor.uid}`);
    const completing = openCompletions.filter((session) => session.uid === donor.uid);
    // Any grant counts, a partially refunded payment's too (it may still hold the plot); and a
    // deposit that lapsed while its completion's checkout is open, as coverage reads it: the
    // plot is still the donor's until that checkout ends.
    const hasPlot = truth.pool.some((plot) => {
      const { bought, deposits, lapsed } = plotTruth(truth, plot);
      if (
        completing.some((session) => session.plots.includes(plot)) &&
        lapsed.some((grant) => grant.holder === donor.uid)
      ) {
        return true;
      }
      return [...bought, ...deposits].some((grant) => {
        if (grant.holder === donor.uid) return true;
        // A registration for one of the donor's e-mails, not linked yet: the person has the plot.
        return (
          grant.holder === null &&
          grant.registration !== undefined &&
          persons.find(`email:${normaliseEmail(grant.registration.email)}`) === root
        );
      });
    });
    if (hasPlot) allowed.add(donor.name);
  }
  for (const plot of truth.pool) {
    const grant = holdingGrant(truth, plot);
    const registration = grant?.registration;
    if (!registration || grant.holder !== null || registration.anonymous) continue;
    // The name staff typed, shown on the plots of someone without an account yet; when the
    // e-mail is one of a donor account's (a Gmail alias), that donor's anonymity governs it.
    const root = persons.find(`email:${normaliseEmail(registration.email)}`);
    const owner = truth.donors.find((donor) => persons.find(`account:${donor.uid}`) === root);
    if (!owner || !owner.anonymous) allowed.add(registration.name);
  }
  void seen;
  return allowed;
}

export function everyName(truth: Truth): Set<string> {
  const names = new Set<string>();
  for (const donor of truth.donors) for (const name of donor.names) names.add(name);
  for (const registration of truth.registrations) names.add(registration.name);
  return names;
}

function checkPrivacy(truth: Truth, seen: Observation, out: Violation[]): void {
  const allowed = allowedNames(truth, seen);
  const forbidden = [...everyName(truth)].filter((name) => !allowed.has(name));
  const owner = (name: string) => {
    const donor = truth.donors.find((candidate) => candidate.names.includes(name));
    if (donor) {
      const state =
        donor.name !== name
          ? `an old name of ${donor.key}`
          : donor.anonymous
            ? `${donor.key}, anonymous`
            : `${donor.key}, who holds no plot`;
      return `${name} (${state})`;
    }
    const registration = truth.registrations.find((candidate) => candidate.name === name);
    const persons = personsOf(truth);
    const root = registration
      ? persons.find(`email:${normaliseEmail(registration.email)}`)
      : undefined;
    const linked = truth.donors.find((d) => persons.find(`account:${d.uid}`) === root);
    return `${name} (typed by staff for ${registration?.email ?? 'someone'}: ${
      linked?.anonymous
        ? `that mailbox is ${linked.key}'s, an anonymous donor`
        : `${linked ? `that mailbox is ${linked.key}'s; ` : ''}no plot awaits a donor under this name, or only anonymously`
    })`;
  };
  const scan = (where: string, text: string) => {
    for (const name of forbidden) {
      const at = text.indexOf(name);
      if (at >= 0) {
        out.push({
          invariant: 'privacy',
          message: `${where} shows ${owner(name)}: …${text.slice(Math.max(0, at - 80), at + name.length + 40)}…`,
        });
      }
    }
  };
  scan('GET /api/cells/', seen.apiCellsText);
  scan('GET /api/cells/snapshot/', seen.snapshotText);
  scan('the cells documents read without auth', seen.publicCellsText);
  for (const [code, answer] of seen.verify)
    scan(`GET /api/certificates/verify/?code=${code}`, answer.text);
  for (const [code, text] of seen.pages) scan(`the page /verificar/${code}`, text);
}

// ---------------------------------------------------------------- money

export interface LedgerReading {
  shape: string;
  netCents: number;
  cardNetCents: number;
  staffCents: number;
}

/**
 * The ledger's net, whatever way the product records refunds: a separate negative entry (any
 * entry with a negative `amount_cents`), or a marker on the entry (`refunded_cents` /
 * `amount_refunded_cents` when present, else `refunded: true` as the whole amount). When the
 * ledger holds any negative entry, markers are read as bookkeeping and not subtracted again.
 */
export function readLedger(entries: Array<{ data: Record<string, unknown> }>): LedgerReading {
  const hasNegative = entries.some((entry) => Number(entry.data.amount_cents) < 0);
  let card = 0;
  let staff = 0;
  for (const { data } of entries) {
    const amount = Number(data.amount_cents ?? 0);
    let net = amount;
    if (!hasNegative && amount > 0) {
      const partial = Number(data.refunded_cents ?? data.amount_refunded_cents ?? NaN);
      if (Number.isFinite(partial)) net -= partial;
      else if (data.refunded === true) net = 0;
    }
    if (data.method === 'card') card += net;
    else staff += net;
  }
  return {
    shape: hasNegative ? 'separate negative refund entries' : 'refund markers on the entry',
    netCents: card + staff,
    cardNetCents: card,
    staffCents: staff,
  };
}

const euros = (cents: number) => `${(cents / 100).toFixed(2)} €`;

/** What staff recorded and did not void: registrations and completions at the parish. */
function staffRecordedCents(truth: Truth): number {
  const registered = truth.registrations
    .filter((registration) => !registration.voided)
    .reduce((sum, registration) => sum + registration.amountCents, 0);
  return registered + truth.completions.reduce((sum, c) => sum + c.amountCents, 0);
}

function checkMoney(truth: Truth, seen: Observation, out: Violation[]): void {
  let captured = 0;
  let refunded = 0;
  for (const session of truth.sessions.values()) {
    if (session.status !== 'complete' || !session.paid) continue;
    captured += session.amountCents;
    refunded += session.refundedCents;
  }
  const staff = staffRecordedCents(truth);
  const ledger = readLedger(seen.ledger);
  // The verdict is the money core's own invariant (domain/src/settlement/invariants.ts).
  const verdict = checkCoreMoney(
    seen.ledger.map(({ id, data }) => readLedgerRow(id, data)),
    { cardCapturedCents: captured, cardRefundedCents: refunded, staffNetCents: staff },
  );
  if (verdict.length > 0) {
    // Name the sessions whose entry is missing or off, where entries are keyed by session.
    const byId = new Map(seen.ledger.map((entry) => [entry.id, entry.data]));
    const off: string[] = [];
    for (const session of truth.sessions.values()) {
      if (session.status !== 'complete' || !session.paid) continue;
      const entry = byId.get(session.id);
      const expected = session.amountCents - session.refundedCents;
      if (!entry) off.push(`${session.id} (${session.kind} ${euros(expected)}): no entry`);
      else {
        const net = readLedger([{ data: entry }]).netCents;
        if (net !== expected && ledger.shape !== 'separate negative refund entries')
          off.push(
            `${session.id} (${session.kind}, paid ${euros(session.amountCents)}, refunded ${euros(session.refundedCents)}): ledger net ${euros(net)}`,
          );
      }
    }
    out.push({
      invariant: 'money',
      message:
        `${verdict.map((v) => v.message).join('; ')}; ledger net ${euros(ledger.netCents)} (card ${euros(ledger.cardNetCents)}, cash/transfer ${euros(ledger.staffCents)}; read as ${ledger.shape}), ` +
        `expected ${euros(captured - refunded + staff)} (Stripe captured ${euros(captured)} - refunded ${euros(refunded)} + staff ${euros(staff)})` +
        (off.length ? `; ${off.join('; ')}` : ''),
    });
  }
  const erased = new Set(truth.donors.filter((donor) => donor.erased).map((donor) => donor.uid));
  for (const { id, data } of seen.ledger) {
    if (data.method !== 'card') continue;
    // An erased donor's rows keep no name or e-mail (checkErasure says they do not).
    if (typeof data.donor === 'string' && erased.has(data.donor)) continue;
    const missing = ['donor', 'donor_name', 'donor_email', 'month'].filter(
      (field) => typeof data[field] !== 'string' || data[field].length === 0,
    );
    if (missing.length > 0) {
      out.push({
        invariant: 'money',
        message: `card ledger entry donations/${id} (${String(data.kind)} ${euros(Number(data.amount_cents))}) lacks ${missing.join(', ')}`,
      });
    }
  }
}

// ---------------------------------------------------------------- cash

/** Cash a person gave, one entry per registration or completion at the parish. */
interface CashGift {
  what: string;
  node: string;
  amountCents: number;
  month: string;
}

function cashGifts(truth: Truth): CashGift[] {
  const gifts: CashGift[] = [];
  for (const r of truth.registrations) {
    if (r.method !== 'cash' || r.voided) continue;
    gifts.push({
      what: `step ${r.step} ${r.code} ${r.email} ${euros(r.amountCents)}${truth.links.has(r.code) ? ' (linked later)' : ''}`,
      node: `email:${normaliseEmail(r.email)}`,
      amountCents: r.amountCents,
      month: r.month,
    });
  }
  for (const c of truth.completions) {
    if (c.method !== 'cash') continue;
    const node = c.registration
      ? `email:${normaliseEmail(c.registration.email)}`
      : `account:${c.holder}`;
    gifts.push({
      what: `step ${c.step} rest of [${c.plots}] ${euros(c.amountCents)}`,
      node,
      amountCents: c.amountCents,
      month: c.month,
    });
  }
  return gifts;
}

function checkCash(truth: Truth, out: Violation[]): void {
  const persons = personsOf(truth);
  const totals = new Map<string, CashGift[]>();
  for (const gift of cashGifts(truth)) {
    const key = `${persons.find(gift.node)}|${gift.month}`;
    totals.set(key, [...(totals.get(key) ?? []), gift]);
  }
  for (const [key, gifts] of totals) {
    const sum = gifts.reduce((total, gift) => total + gift.amountCents, 0);
    if (sum <= CASH_LIMIT_CENTS) continue;
    const [root, month] = key.split('|') as [string, string];
    const members = persons
      .members(root)
      .map((node) => {
        const uid = node.startsWith('account:') ? node.slice(8) : null;
        return uid ? who(truth, uid) : node.slice(6);
      })
      .join(', ');
    out.push({
      invariant: 'cash',
      message: `one person (${members}) gave ${euros(sum)} in cash in ${month}, over ${euros(CASH_LIMIT_CENTS)}: ${gifts.map((gift) => gift.what).join('; ')}`,
    });
  }
}

/**
 * The home page's one document says what a recount of every plot and the ledger's net say; the
 * staff panel's totals and the CSV staff download are the ledger's sums.
 */
function checkProgress(seen: Observation, out: Violation[]): void {
  const { document, summary, cells, ledger, csvNetCents } = seen.progress;
  const stored = document ? readProgressDocument(document) : null;
  if (!stored) {
    out.push({ invariant: 'progress', message: 'campaign/progress is missing or malformed' });
    return;
  }
  out.push(...checkCoreProgress(stored.counts, cells, ledger));
  out.push(...checkLedgerSummary(readLedgerSummary(summary?.months), ledger));
  const net = ledger.reduce((sum, row) => sum + row.amount_cents, 0);
  if (csvNetCents !== net) {
    out.push({
      invariant: 'progress',
      message: `the staff CSV totals ${csvNetCents} cents, the ledger ${net}`,
    });
  }
  if (stored.totalPlots !== cells.length) {
    out.push({
      invariant: 'progress',
      message: `campaign/progress counts ${stored.totalPlots} plots, the map has ${cells.length}`,
    });
  }
}

// ---------------------------------------------------------------- erasure

/**
 * An erased donor's name and e-mail are in none of their ledger rows (nor their search words),
 * nor in the staff CSV, nor on a public surface; their blocked copy is only in `erased_donors`.
 * The CSV may still name a donor who never proved the address, on what staff registered for it
 * and no account claimed: an unproven address speaks for nobody (domain/src/settlement/erasure.ts).
 * (The ledger's net across the erasure is checked by the step itself.)
 */
function checkErasure(truth: Truth, seen: Observation, out: Violation[]): void {
  const publicTexts: Array<[string, string]> = [
    ['GET /api/cells/', seen.apiCellsText],
    ['GET /api/cells/snapshot/', seen.snapshotText],
    ['the cells documents read without auth', seen.publicCellsText],
    ...[...seen.verify].map(([code, answer]): [string, string] => [
      `GET /api/certificates/verify/?code=${code}`,
      answer.text,
    ]),
    ...[...seen.pages].map(([code, text]): [string, string] => [
      `the page /verificar/${code}`,
      text,
    ]),
  ];
  for (const donor of truth.donors.filter((candidate) => candidate.erased)) {
    const words = [...donor.names, donor.email].map((word) => word.toLowerCase());
    const find = (text: string) => words.find((word) => text.toLowerCase().includes(word));
    for (const { id, data } of seen.ledger) {
      if (data.donor !== donor.uid) continue;
      const found = find(JSON.stringify([data.donor_name, data.donor_email, data.search]));
      if (found) {
        out.push({
          invariant: 'erasure',
          message: `donations/${id} of ${donor.key}, who erased the account, still says ${found}`,
        });
      }
    }
    const inCsv = donor.verified ? find(seen.progress.csvText) : undefined;
    if (inCsv) {
      out.push({
        invariant: 'erasure',
        message: `the staff CSV names ${donor.key}, who erased the account: ${inCsv}`,
      });
    }
    for (const [where, text] of publicTexts) {
      const found = find(text);
      if (found) {
        out.push({
          invariant: 'erasure',
          message: `${where} names ${donor.key}, who erased the account: ${found}`,
        });
      }
    }
  }
}

export function checkInvariants(truth: Truth, seen: Observation): Violation[] {
  const out: Violation[] = [];
  for (const event of seen.undelivered)
    out.push({ invariant: 'delivery', message: `the webhook never accepted ${event}` });
  checkCoverage(truth, seen, out);
  checkHolders(truth, seen, out);
  checkPrivacy(truth, seen, out);
  checkMoney(truth, seen, out);
  checkCash(truth, out);
  checkProgress(seen, out);
  checkErasure(truth, seen, out);
  // The money core's coverage and single holders, on what Firestore stores.
  out.push(...coreCoverage(truth, seen));
  // No receipt or reminder to an address its account never proved (issue 32, part 9).
  out.push(
    ...checkMailRecipients(seen.mails, (address) =>
      truth.donors.some((donor) => donor.verified && donor.email === address),
    ),
  );
  return out;
}

/** `checkCoverage` of the money core over the pool's stored plots and the stored ledger. */
function coreCoverage(truth: Truth, seen: Observation): CoreViolation[] {
  const cells = truth.pool.flatMap((plot) => {
    const cell = seen.storedCells.get(plot);
    return cell ? [{ ...cell, id: plot }] : [];
  });
  const rows = seen.ledger.map(({ id, data }) => readLedgerRow(id, data));
  return checkCoreCoverage(cells, rows, seen.now);
}
