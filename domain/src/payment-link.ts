/**
 * A payment link: a donor asks someone else (a relative abroad) to pay the rest of their
 * reservation, or plots they picked. The link is a document only the API writes
 * (`payment_links/{id}`, docs/data-model.md); its address carries a random token whose hash is
 * the document's id. It holds nothing: the plots are held only when the payer opens Checkout.
 * These rules decide what a link may be made for, and what its payer may still pay.
 */
import { effectiveCell, type Cell } from './cell';
import { millisOf } from './instant';
import { checkoutTotalCents } from './money';

/** What a link pays: the rest of the donor's reservations, or free plots to buy for them. */
export type PaymentLinkKind = 'complete' | 'buy';
export const PAYMENT_LINK_KINDS: readonly PaymentLinkKind[] = ['complete', 'buy'];

export function isPaymentLinkKind(value: unknown): value is PaymentLinkKind {
  return typeof value === 'string' && (PAYMENT_LINK_KINDS as readonly string[]).includes(value);
}

/** Stored states; `expired` is read from `expires_at`, never written. */
export type StoredLinkState = 'open' | 'paid' | 'cancelled';
export type PaymentLinkState = StoredLinkState | 'expired';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A link lasts a week, and a reservation's rest never outlives the reservation. */
export const PAYMENT_LINK_LIFETIME_MS = 7 * DAY_MS;
/** Open links per donor at one time. */
export const MAX_OPEN_PAYMENT_LINKS = 3;
/** Links a donor may make in 24 hours, whatever became of them. */
export const MAX_PAYMENT_LINKS_PER_DAY = 10;
export const PAYMENT_LINK_DAY_MS = DAY_MS;

export interface PaymentLink {
  /** The hash of the token (`paymentLinkId`), the document's id. */
  id: string;
  uid: string;
  kind: PaymentLinkKind;
  plots: string[];
  /** What the plots cost when the link was made. */
  amountCents: number;
  createdAt: number;
  expiresAt: number;
  state: StoredLinkState;
  /** The checkout the payer opened last, if any (released when they open another). */
  checkoutId: string | null;
  /** The Checkout Session that paid it. */
  paidSession: string | null;
}

/** The state a link is in at `now`. */
export function linkStateAt(link: Pick<PaymentLink, 'state' | 'expiresAt'>, now: number) {
  return link.state === 'open' && now >= link.expiresAt ? 'expired' : link.state;
}

export type LinkCreationRefusal =
  | { ok: false; reason: 'too-many-open' | 'too-many-today' }
  /** A plot the layout leaves out. */
  | { ok: false; reason: 'unknown-plot'; plot: string }
  /** A rest link for a plot that is not the donor's live reservation. */
  | { ok: false; reason: 'not-your-reservation'; plot: string }
  /** Plots to buy must be free when the link is made. */
  | { ok: false; reason: 'plot-not-free'; plot: string };

export type LinkCreation =
  { ok: true; plots: string[]; amountCents: number; expiresAt: number } | LinkCreationRefusal;

export interface LinkCreationFacts {
  uid: string;
  kind: PaymentLinkKind;
  /** Each plot asked for, as read (null: no such plot). */
  plots: ReadonlyArray<{ code: string; cell: Cell | null }>;
  /** The donor's links made in the last day or still open (what the caps count). */
  donorLinks: ReadonlyArray<Pick<PaymentLink, 'state' | 'expiresAt' | 'createdAt'>>;
  now: number;
}

/** Whether a plot is the donor's live reservation (a completion of their own in course too). */
function isOwnReservation(cell: Cell, uid: string, now: number): boolean {
  const effective = effectiveCell(cell, now);
  if (effective.user !== uid) return false;
  return (
    effective.status === 'reserved' ||
    (effective.status === 'held' && effective.hold?.kind === 'complete')
  );
}

/** What the link may be made for, or the first reason it may not. */
export function decideLinkCreation(facts: LinkCreationFacts): LinkCreation {
  const { uid, kind, now } = facts;
  const open = facts.donorLinks.filter((link) => linkStateAt(link, now) === 'open').length;
  if (open >= MAX_OPEN_PAYMENT_LINKS) return { ok: false, reason: 'too-many-open' };
  const today = facts.donorLinks.filter((link) => now - link.createdAt < DAY_MS).length;
  if (today >= MAX_PAYMENT_LINKS_PER_DAY) return { ok: false, reason: 'too-many-today' };
  let expiresAt = now + PAYMENT_LINK_LIFETIME_MS;
  for (const { code, cell } of facts.plots) {
    if (!cell) return { ok: false, reason: 'unknown-plot', plot: code };
    if (kind === 'complete') {
      if (!isOwnReservation(cell, uid, now)) {
        return { ok: false, reason: 'not-your-reservation', plot: code };
      }
      if (cell.reserved_until !== null) expiresAt = Math.min(expiresAt, cell.reserved_until);
    } else if (effectiveCell(cell, now).status !== 'available') {
      return { ok: false, reason: 'plot-not-free', plot: code };
    }
  }
  const plots = facts.plots.map(({ code }) => code);
  return { ok: true, plots, amountCents: checkoutTotalCents(kind, plots.length), expiresAt };
}

/**
 * Which of the link's plots its payer can still pay at `now`, and which were taken meanwhile: a
 * rest is payable while the plot is the donor's reservation (or held by this link's own last
 * checkout, which a new one replaces); plots to buy while they are free.
 */
export function payablePlots(
  link: Pick<PaymentLink, 'uid' | 'kind' | 'plots' | 'checkoutId'>,
  cells: ReadonlyArray<{ code: string; cell: Cell | null }>,
  now: number,
): { payable: string[]; taken: string[] } {
  const payable: string[] = [];
  const taken: string[] = [];
  for (const code of link.plots) {
    const cell = cells.find((read) => read.code === code)?.cell ?? null;
    const effective = cell ? effectiveCell(cell, now) : null;
    const ownCheckout =
      effective?.status === 'held' &&
      link.checkoutId !== null &&
      effective.hold?.session_id === link.checkoutId;
    const ok =
      effective !== null &&
      (ownCheckout ||
        (link.kind === 'complete'
          ? effective.status === 'reserved' && effective.user === link.uid
          : effective.status === 'available'));
    (ok ? payable : taken).push(code);
  }
  return { payable, taken };
}

/** `payment_links/{id}` read leniently (instants as Timestamps or ms); null when malformed. */
export function readPaymentLinkDocument(
  id: string,
  data: Record<string, unknown>,
): PaymentLink | null {
  const { uid, kind, plots, amount_cents: amountCents, state } = data;
  const createdAt = millisOf(data.created_at);
  const expiresAt = millisOf(data.expires_at);
  if (typeof uid !== 'string' || !isPaymentLinkKind(kind) || !Array.isArray(plots)) return null;
  if (typeof amountCents !== 'number' || createdAt === null || expiresAt === null) return null;
  if (state !== 'open' && state !== 'paid' && state !== 'cancelled') return null;
  return {
    id,
    uid,
    kind,
    plots: plots.filter((plot): plot is string => typeof plot === 'string'),
    amountCents,
    createdAt,
    expiresAt,
    state,
    checkoutId: typeof data.checkout_id === 'string' ? data.checkout_id : null,
    paidSession: typeof data.paid_session === 'string' ? data.paid_session : null,
  };
}

/** A new link's stored fields (instants in ms; the adapter stores them as Timestamps). */
export function newPaymentLinkFields(
  link: Pick<PaymentLink, 'uid' | 'kind'>,
  made: Extract<LinkCreation, { ok: true }>,
  now: number,
) {
  return {
    uid: link.uid,
    kind: link.kind,
    plots: [...made.plots],
    amount_cents: made.amountCents,
    state: 'open' as const,
    created_at: now,
    expires_at: made.expiresAt,
    checkout_id: null,
    paid_session: null,
    paid_at: null,
  };
}

/**
 * Whether settling a paid session marks its link paid: only a link still open, and only when
 * the payment was applied (not a duplicate event, nor a payment refunded for lost plots).
 */
export function marksLinkPaid(
  storedState: unknown,
  outcome: { outcome: 'duplicate' | 'applied' | 'ignored' | 'refund-due' },
): boolean {
  return storedState === 'open' && outcome.outcome === 'applied';
}
