/**
 * The least time an answer about an address takes (sign-up, password reset): making an account or
 * a link for an address that has one takes longer than queuing one e-mail for an address that
 * has none (or the other way round), so both answer after this, longer than either takes, and
 * the time says nothing of which it was.
 */
export const MAIL_REQUEST_ANSWER_MS = 1000;

/** Resolves once `MAIL_REQUEST_ANSWER_MS` have passed since `started` (`performance.now()`). */
export function paddedFrom(started: number): Promise<void> {
  const left = started + MAIL_REQUEST_ANSWER_MS - performance.now();
  return left > 0 ? new Promise((resolve) => setTimeout(resolve, left)) : Promise.resolve();
}
