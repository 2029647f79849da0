/**
 * `certificate_codes/{code}` (docs/data-model.md): the code printed on a physical certificate. Staff
 * generate codes (`unassigned`), register one with the donor's details and plots when a cash or
 * transfer donation comes in (`registered`), and the donor links it to their online account
 * (`linked`, `user` set), which moves the plots to that account.
 *
 * Stored shape: `{ status, email, name, is_anonymous_donor, plots: ['K3', ...], reserve,
 * user: uid | null, created_at, registered_at?, registered_by?, linked_at? }`.
 */
import { effectiveCell } from './cell';
import { plotsHeldBy } from './donor-plots';
import type { CellWithId } from './cell-document';
import { MESSAGES } from './messages';
import { isPlotPosition } from './grid';
import { formatPlotCode, tryParsePlotCode } from './plot-code';

export type CertificateCodeStatus = 'unassigned' | 'registered' | 'linked';

export interface CertificateCodeRecord {
  code: string;
  status: CertificateCodeStatus;
  /** Plot codes registered with the certificate. */
  plots: string[];
  /** The account it is linked to, once linked. */
  user: string | null;
  /** The donor's e-mail as staff registered it; null before registration. */
  email: string | null;
  /** Staff ticked "stay anonymous": the account that links it becomes anonymous. */
  is_anonymous_donor: boolean;
}

const STATUSES: readonly string[] = ['unassigned', 'registered', 'linked'];

/** A stored document read leniently: a malformed one reads as unassigned with no plots. */
export function readCertificateCodeDocument(
  code: string,
  data: Record<string, unknown>,
): CertificateCodeRecord {
  const status =
    typeof data.status === 'string' && STATUSES.includes(data.status)
      ? (data.status as CertificateCodeStatus)
      : 'unassigned';
  const plots = Array.isArray(data.plots) ? data.plots.flatMap(plotCodeOf) : [];
  const user = typeof data.user === 'string' && data.user !== '' ? data.user : null;
  const email = typeof data.email === 'string' && data.email !== '' ? data.email : null;
  // A code with an account is linked, whatever its status field says.
  return {
    code,
    status: user ? 'linked' : status,
    plots,
    user,
    email,
    is_anonymous_donor: data.is_anonymous_donor === true,
  };
}

/** A stored plot as a code: `'K3'`, or `{ x: 'K', y: 3 }` (the payment routes' shape). */
function plotCodeOf(stored: unknown): string[] {
  if (isPlotPosition(stored)) return [formatPlotCode(stored)];
  return tryParsePlotCode(stored) ? [stored as string] : [];
}

export type CertificateLinkPlan =
  { ok: true; plots: string[] } | { ok: false; status: 404 | 409; error: string };

/**
 * Whether `uid` may link the code, given its plots as stored now. The code is what the donor
 * holds on paper: whoever has it may claim the plots registered with it, once; a plot that has
 * since gone back on sale, or to another account, stops the whole link.
 */
export function planCertificateLink(
  record: CertificateCodeRecord | null,
  cells: readonly CellWithId[],
  uid: string,
  now: number,
  /**
   * Plots another certificate was registered for after this one: this one's reservation lapsed
   * and the plot went to that one, so it is no longer this code's to claim.
   */
  registeredSince: ReadonlySet<string> = new Set(),
): CertificateLinkPlan {
  if (!record) return { ok: false, status: 404, error: MESSAGES.certificateCodeUnknown };
  if (record.status === 'linked') {
    const error =
      record.user === uid
        ? MESSAGES.certificateCodeLinkedToYou
        : MESSAGES.certificateCodeAlreadyLinked;
    return { ok: false, status: 409, error };
  }
  if (record.status === 'unassigned' || record.plots.length === 0) {
    return { ok: false, status: 409, error: MESSAGES.certificateCodeNotRegistered };
  }
  const byId = new Map(cells.map((cell) => [cell.id, cell]));
  for (const plot of record.plots) {
    const stored = byId.get(plot);
    const cell = stored ? effectiveCell(stored, now) : null;
    const taken = cell?.status === 'bought' || cell?.status === 'reserved';
    const elsewhere = registeredSince.has(plot);
    if (!cell || !taken || elsewhere || (cell.user !== null && cell.user !== uid)) {
      return { ok: false, status: 409, error: MESSAGES.certificateCodePlotsGone };
    }
  }
  return { ok: true, plots: record.plots };
}

/** What the public check (`/verificar/<code>`) says of a paper certificate's code. */
export interface PaperCertificateCheck {
  /** The name as the map shows it on those plots; null when they show none (or differ). */
  donor_display: string | null;
  plots: Array<{ code: string; status: 'bought' | 'reserved' }>;
}

/**
 * A registered or linked paper certificate checks out with the plots still held for it (by its
 * account, or waiting for its donor) and nothing the map does not already show; an unassigned
 * code, or one whose plots are all gone, is unknown, as a personal code without plots is.
 */
export function paperCertificateCheck(
  record: CertificateCodeRecord | null,
  cells: readonly CellWithId[],
  now: number,
): PaperCertificateCheck | null {
  if (!record || record.status === 'unassigned') return null;
  const own = cells.filter((cell) => record.plots.includes(cell.id));
  const held = plotsHeldBy(own, record.user, now);
  if (held.length === 0) return null;
  const displays = [...new Set(held.map((cell) => cell.donor_display))];
  return {
    donor_display: displays.length === 1 ? (displays[0] ?? null) : null,
    plots: held.map((cell) => ({
      code: cell.id,
      status: cell.status === 'bought' ? ('bought' as const) : ('reserved' as const),
    })),
  };
}
