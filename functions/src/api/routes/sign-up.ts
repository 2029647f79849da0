/**
 * E-mail sign-up (issue 30, docs/api.md): through the API so that the answer is the same whether
 * the address has an account or not. The site used to create the account with Firebase Auth's
 * client API, which answers EMAIL_EXISTS to anyone probing who is a donor of this parish (in
 * production client sign-up is turned off: docs/deploy.md).
 */
import { type ApiRoutes } from '@parroquia/domain';
import { jsonReply } from '../http';
import { assertMailRequestWithinLimits, SIGN_UP_LIMITS } from '../rate-limit';
import type { Handler } from '../router';

const PATH = '/api/users/sign-up/';

/**
 * The least time an answer takes: creating an account and making its link (a new address) takes
 * longer than queuing one e-mail (an existing one), so both answer after this, which is longer
 * than either takes, and the time says nothing of which it was.
 */
export const SIGN_UP_ANSWER_MS = 1000;

/** The site's /login, with where the donor was going (`returnTo`, read by the login page). */
function loginUrl(site: string, returnTo: string | undefined): string {
  const url = new URL('/login', site);
  if (returnTo) url.searchParams.set('returnTo', returnTo);
  return url.toString();
}

function until(deadline: number): Promise<void> {
  const left = deadline - performance.now();
  return left > 0 ? new Promise((resolve) => setTimeout(resolve, left)) : Promise.resolve();
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
  await deps.signUps.signUp({
    email: body.email,
    password: body.password,
    name: body.name,
    language: body.language ?? callerLanguage,
    loginUrl: loginUrl(site, body.return_to),
  });
  await until(started + SIGN_UP_ANSWER_MS);
  return jsonReply({ status: 'requested' as const }, 202);
};
