/**
 * Rate limits, counted in Firestore so that every instance of the function (and every worker of
 * the emulator) shares one count: a limit counted in one instance's memory multiplies by the
 * number of instances, which is exactly what a burst of concurrent requests brings up.
 *
 * Fixed windows aligned on the clock (`[k * windowMs, (k + 1) * windowMs)`), one counter per
 * limit, key and window (`RateLimitCounters`). Keys are the caller's uid when signed in, else the
 * address the platform's proxy saw (`client-address.ts`), never a value the client writes. There
 * is no ceiling over all keys: with keys the client cannot choose, a ceiling would only let one
 * flood lock every visitor out.
 */
import { mailboxKey, MESSAGES } from '@parroquia/domain';
import { logRateLimited } from '../log';
import type { RateLimitCounters } from '../ports/rate-limits';
import { ApiError } from './http';

export interface RateLimit {
  /** Names the limit's counters (`rate_limits/{name}_...`). */
  name: string;
  /** Requests allowed per key in one window. */
  perKey: number;
  windowMs: number;
}

/** `GET /api/certificates/verify/`: codes cannot be guessed (30^8 of them) at 20 a minute. */
export const VERIFY_LIMIT: RateLimit = { name: 'verify', perKey: 20, windowMs: 60_000 };

/**
 * `GET /api/certificates/share-image/`: a shared link's preview, 30 a minute per address. A
 * picture takes about a tenth of a second of CPU to draw when not cached; a group's phones and the
 * apps' crawlers fetch it a few times each, and one address cannot keep an instance drawing.
 */
export const SHARE_IMAGE_LIMIT: RateLimit = { name: 'share-image', perKey: 30, windowMs: 60_000 };

/**
 * `/verificar/<code>` as a link preview reads it (the page with its `og:` tags): 60 a minute per
 * address. Past it the page is served without them, never refused: a person still sees the page.
 */
export const SHARE_PAGE_LIMIT: RateLimit = { name: 'share-page', perKey: 60, windowMs: 60_000 };

/**
 * The payment links' public routes (view, pay), per address: 30 a minute. Tokens are 256 bits;
 * this only keeps one client from making the function hold and release plots without end.
 */
export const PAYMENT_LINK_LIMIT: RateLimit = { name: 'payment-link', perKey: 30, windowMs: 60_000 };

/** `POST /api/users/link-code/`: 10 tries a minute per account, so codes cannot be guessed. */
export const LINK_CODE_LIMIT: RateLimit = { name: 'link-code', perKey: 10, windowMs: 60_000 };

const HOUR_MS = 60 * 60 * 1000;

/**
 * `POST /api/users/password-reset/`: 3 reset e-mails an hour to one address, whoever asks, so
 * nobody floods a mailbox; 10 an hour from one caller, so nobody floods many. Both count every
 * request, whether the address has an account or not, so being limited says nothing of it.
 */
export const RESET_ADDRESS_LIMIT: RateLimit = {
  name: 'reset-address',
  perKey: 3,
  windowMs: HOUR_MS,
};
export const RESET_CALLER_LIMIT: RateLimit = {
  name: 'reset-caller',
  perKey: 10,
  windowMs: HOUR_MS,
};

/**
 * `POST /api/users/sign-up/`: as the reset, 3 e-mails an hour to one address and 10 sign-ups an
 * hour from one caller, counting every request whether the address has an account or not.
 */
export const SIGN_UP_ADDRESS_LIMIT: RateLimit = {
  name: 'sign-up-address',
  perKey: 3,
  windowMs: HOUR_MS,
};
export const SIGN_UP_CALLER_LIMIT: RateLimit = {
  name: 'sign-up-caller',
  perKey: 10,
  windowMs: HOUR_MS,
};

/** `POST /api/users/confirm-sign-up/`: codes are 256 bits; 20 tries a minute per caller anyway. */
export const CONFIRM_LIMIT: RateLimit = { name: 'confirm-sign-up', perKey: 20, windowMs: 60_000 };

/**
 * Every download (a PDF, a CSV, the donor's data), per account: 20 a minute, whichever route.
 * Printing is the API's heaviest work (a certificate takes a second of CPU); a donor downloads a
 * few files at a time, and one account cannot keep the function busy for everyone else.
 */
export const DOWNLOAD_LIMIT: RateLimit = { name: 'download', perKey: 20, windowMs: 60_000 };

/**
 * Staff's downloads on staff routes: 120 a minute. The parish's few staff export the ledger and
 * print lists as their work goes (and the invariant suite checks the CSV after every step); the
 * limit still stops a stolen staff login from printing without end.
 */
export const STAFF_DOWNLOAD_LIMIT: RateLimit = {
  name: 'staff-download',
  perKey: 120,
  windowMs: 60_000,
};

/** The two limits of a route that mails an address a caller typed (reset, sign-up). */
export interface MailRequestLimits {
  caller: RateLimit;
  address: RateLimit;
}

export const RESET_LIMITS: MailRequestLimits = {
  caller: RESET_CALLER_LIMIT,
  address: RESET_ADDRESS_LIMIT,
};
export const SIGN_UP_LIMITS: MailRequestLimits = {
  caller: SIGN_UP_CALLER_LIMIT,
  address: SIGN_UP_ADDRESS_LIMIT,
};

/** The window `now` falls in. */
export function windowOf(limit: RateLimit, now: number): { start: number; end: number } {
  const start = Math.floor(now / limit.windowMs) * limit.windowMs;
  return { start, end: start + limit.windowMs };
}

/** Counts the request under `key`; 429 with `Retry-After` (seconds to the next window) past it. */
export async function assertWithinRateLimit(
  counters: RateLimitCounters,
  limit: RateLimit,
  key: string,
  now: number,
  path: string,
): Promise<void> {
  const window = windowOf(limit, now);
  const counted = await counters.count({ name: limit.name, key, ...window, limit: limit.perKey });
  if (counted) return;
  logRateLimited(path, key);
  throw new ApiError(429, MESSAGES.tooManyAttempts, {
    'Retry-After': String(Math.max(1, Math.ceil((window.end - now) / 1000))),
  });
}

/**
 * Counts a request to mail `email` from `clientAddress` under both limits. The caller first: one
 * who floods many addresses is stopped before it counts against them.
 */
export async function assertMailRequestWithinLimits(
  counters: RateLimitCounters,
  limits: MailRequestLimits,
  request: { clientAddress: string; email: string },
  now: number,
  path: string,
): Promise<void> {
  await assertWithinRateLimit(counters, limits.caller, `ip:${request.clientAddress}`, now, path);
  // One mailbox, however it is spelt (`+tags`, Gmail's dots, case): the donor search's key.
  const mailbox = mailboxKey(request.email);
  await assertWithinRateLimit(counters, limits.address, `email:${mailbox}`, now, path);
}
