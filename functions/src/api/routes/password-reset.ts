/**
 * A forgotten password (issue 30, docs/api.md): the reset e-mail is the parish's, asked for
 * through the API so that it can be limited per address and per caller, and so that the answer
 * is the same whether the address has an account or not. The site used to ask Firebase Auth's
 * client API, which answered EMAIL_NOT_FOUND to anyone probing who is a donor of this parish.
 */
import { type ApiRoutes } from '@parroquia/domain';
import { paddedFrom } from '../answer-time';
import { jsonReply } from '../http';
import { assertMailRequestWithinLimits, RESET_LIMITS } from '../rate-limit';
import type { Handler } from '../router';

const PATH = '/api/users/password-reset/';

export const passwordReset: Handler<ApiRoutes['passwordReset']> = async ({
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
    RESET_LIMITS,
    { clientAddress, email: body.email },
    now,
    PATH,
  );
  const language = body.language ?? callerLanguage;
  const site = deps.payments.siteUrl(typeof headers.origin === 'string' ? headers.origin : null);
  await deps.passwordResets.mailResetLink(body.email, language, `${site}/login`);
  // A link made (an account) takes longer than nothing to mail (none): both answer alike.
  await paddedFrom(started);
  return jsonReply({ status: 'requested' as const }, 202);
};
