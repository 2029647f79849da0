/** Named log lines of the API, structured for Cloud Logging. */
import * as logger from 'firebase-functions/logger';

function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export function logRequestFailed(method: string, path: string, error: unknown): void {
  logger.error('api: request failed', { method, path, error: describeError(error) });
}

export function logIdTokenRejected(path: string, reason: 'missing' | 'invalid'): void {
  logger.info('api: ID token rejected', { path, reason });
}

export function logStaffOnlyRefused(path: string, uid: string): void {
  logger.warn('api: staff-only route refused', { path, uid });
}

export function logMalformedCell(cellId: string, problem: string): void {
  logger.warn('api: malformed cell document skipped', { cellId, problem });
}

export function logPrivacyPolicyRefused(uid: string): void {
  logger.info('api: privacy policy not accepted yet', { uid });
}

export function logDonorSynced(uid: string, created: boolean): void {
  logger.info('api: donor synced', { uid, created });
}

/** `key`: `uid:<uid>` or `ip:<address>`, whose requests were refused. */
export function logRateLimited(path: string, key: string): void {
  logger.warn('api: rate limit reached', { path, key });
}

export function logPhysicalCertificateRegistered(
  code: string,
  staffUid: string,
  amountCents: number,
): void {
  logger.info('api: physical certificate registered', { code, staffUid, amountCents });
}

export function logLatePaymentRefunded(sessionId: string, uid: string, lostPlots: string[]): void {
  logger.warn('payments: paid after the plots went to someone else; refunding', {
    sessionId,
    uid,
    lostPlots,
  });
}

export function logStripeEvent(
  eventId: string,
  type: string,
  outcome: string,
  detail?: string,
): void {
  logger.info('payments: stripe event', { eventId, type, outcome, detail });
}

export function logCheckoutFailed(checkoutId: string, error: unknown): void {
  logger.error('payments: Checkout Session could not be created; holds released', {
    checkoutId,
    error: describeError(error),
  });
}

export function logSweep(released: number, refunded: number): void {
  logger.info('payments: sweep', { released, refunded });
}

export function logRefundFailed(sessionId: string, error: unknown): void {
  logger.error('payments: automatic refund failed; left due for the next sweep', {
    sessionId,
    error: describeError(error),
  });
}

/** The host's express answers malformed bodies itself (HTML), not the API: `api/framework-errors.ts`. */
export function logFrameworkErrorsUnanswered(reason: string): void {
  logger.error('api: malformed bodies are answered by the host, not as JSON', { reason });
}
