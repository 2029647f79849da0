/**
 * What staff send to the back office's money routes, checked (docs/api.md): the plots by code,
 * the way the rest was paid, a new deadline as a Spanish calendar day, a ledger row, and the
 * reason every change but a payment must give.
 */
import { spanishDayStart } from './ledger';
import { MESSAGES } from './messages';
import { formatPlotCode } from './plot-code';
import { validatePlotCodeList } from './plot-selection';
import { CONTROL_CHARACTERS, invalid, isRecord, valid, type Validation } from './validation';

/** Long enough for a sentence or two; the staff action keeps it. */
export const REASON_MAX_LENGTH = 500;

export function validateStaffReason(value: unknown): Validation<string> {
  const reason = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  if (reason === '') return invalid(MESSAGES.reasonRequired);
  if (reason.length > REASON_MAX_LENGTH || CONTROL_CHARACTERS.test(reason)) {
    return invalid(MESSAGES.reasonInvalid(REASON_MAX_LENGTH));
  }
  return valid(reason);
}

function plotsOf(body: Record<string, unknown>): Validation<string[]> {
  const plots = validatePlotCodeList(body.parcelas);
  return plots.ok ? valid(plots.value.map(formatPlotCode)) : plots;
}

export interface CompletionRequest {
  plots: string[];
  method: 'cash' | 'transfer';
}

export function validateCompletionRequest(body: unknown): Validation<CompletionRequest> {
  if (!isRecord(body)) return invalid(MESSAGES.selectionMalformed);
  const plots = plotsOf(body);
  if (!plots.ok) return plots;
  if (body.method !== 'cash' && body.method !== 'transfer') {
    return invalid(MESSAGES.paymentMethodInvalid);
  }
  return valid({ plots: plots.value, method: body.method });
}

export interface ReservationChangeRequest {
  plots: string[];
  reason: string;
  /** Extending: the new deadline, the end of the day staff chose (epoch ms); release: absent. */
  until?: number;
}

export function validateReleaseRequest(body: unknown): Validation<ReservationChangeRequest> {
  if (!isRecord(body)) return invalid(MESSAGES.selectionMalformed);
  const plots = plotsOf(body);
  if (!plots.ok) return plots;
  const reason = validateStaffReason(body.reason);
  return reason.ok ? valid({ plots: plots.value, reason: reason.value }) : reason;
}

/** `until: 'YYYY-MM-DD'`: the reservation lasts to the end of that day in Spain. */
export function validateExtensionRequest(body: unknown): Validation<ReservationChangeRequest> {
  const release = validateReleaseRequest(body);
  if (!release.ok || !isRecord(body)) return release;
  const day = typeof body.until === 'string' ? body.until : '';
  const start = spanishDayStart(day);
  if (start === null) return invalid(MESSAGES.deadlineInvalid);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000)
    .toISOString()
    .slice(0, 10);
  return valid({ ...release.value, until: spanishDayStart(next)! });
}

export interface VoidRequest {
  donationId: string;
  reason: string;
}

const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,100}$/;

export function validateVoidRequest(body: unknown): Validation<VoidRequest> {
  if (!isRecord(body)) return invalid(MESSAGES.donationUnknown);
  const id = typeof body.donation_id === 'string' ? body.donation_id : '';
  if (!DOCUMENT_ID.test(id)) return invalid(MESSAGES.donationUnknown);
  const reason = validateStaffReason(body.reason);
  return reason.ok ? valid({ donationId: id, reason: reason.value }) : reason;
}

export interface RefundRequest {
  donationId: string;
  amountCents: number;
  reason: string;
}

/** The largest refund a request may name: a card payment of 20 plots at 250 € each. */
const REFUND_MAX_CENTS = 20 * 25_000;

/** A card gift to refund: its row, the amount in cents (the rest checks it is left), the reason. */
export function validateRefundRequest(body: unknown): Validation<RefundRequest> {
  const target = validateVoidRequest(body);
  if (!target.ok) return target;
  if (!isRecord(body)) return invalid(MESSAGES.donationUnknown);
  const amount = body.amount_cents;
  if (
    typeof amount !== 'number' ||
    !Number.isSafeInteger(amount) ||
    amount <= 0 ||
    amount > REFUND_MAX_CENTS
  ) {
    return invalid(MESSAGES.refundAmountMalformed);
  }
  return valid({ ...target.value, amountCents: amount });
}
