/**
 * E-mail sign-up (issue 30, docs/api.md): through the API so that the answer is the same whether
 * the address has an account or not. The site used to create the account with Firebase Auth's
 * client API, which answers EMAIL_EXISTS to anyone probing who is a donor of this parish (in
 * production client sign-up is turned off: docs/deploy.md).
 */
import { MESSAGES, type ApiRoutes } from '@parroquia/domain';
import { paddedFrom } from '../answer-time';
import { ApiError, jsonReply } from '../http';
import {
  assertMailRequestWithinLimits,
  assertWithinRateLimit,
  CONFIRM_LIMIT,
  SIGN_UP_LIMITS,
} from '../rate-limit';
import type { Handler } from '../router';

const PATH = '/api/users/sign-up/';
const CONFIRM_PATH = '/api/users/confirm-sign-up/';

/** The site's /login, with where the donor was going (`returnTo`, read by the login page). */
function loginUrl(site: string, returnTo: string | undefined): string {
  const url = new URL('/login', site);
  if (returnTo) url.searchParams.set('returnTo', returnTo);
  return url.toString();
}

export const signUp: Handler<ApiRoutes['signUp']> = async ({
  deps,
  body,
  headers,
  language: callerLanguage,
  clientAddress,
}) => {
  const started = performance.now();
  const now = deps.now();
  await assertMailRequestWithinLimits(
    deps.rateLimits,
    SIGN_UP_LIMITS,
    { clientAddress, email: body.email },
    now,
    PATH,
  );
  const site = deps.payments.siteUrl(typeof headers.origin === 'string' ? headers.origin : null);
  const outcome = await deps.signUps.signUp({
    email: body.email,
    password: body.password,
    name: body.name,
    language: body.language ?? callerLanguage,
    loginUrl: loginUrl(site, body.return_to),
  });
  if (outcome === 'email-invalid') throw new ApiError(400, MESSAGES.emailInvalid);
  await paddedFrom(started);
  return jsonReply({ status: 'requested' as const }, 202);
};

/** The sign-up's link opened: the account is confirmed, or the donor told why not. */
export const confirmSignUp: Handler<ApiRoutes['confirmSignUp']> = async ({
  deps,
  body,
  clientAddress,
}) => {
  const now = deps.now();
  await assertWithinRateLimit(
    deps.rateLimits,
    CONFIRM_LIMIT,
    `ip:${clientAddress}`,
    now,
    CONFIRM_PATH,
  );
  const outcome = await deps.signUps.confirm(body.code, now);
  if (outcome === 'expired') throw new ApiError(404, MESSAGES.signUpLinkExpired);
  return jsonReply({ status: outcome });
};
