/** A donor claims the plots of a physical certificate by typing its code (docs/screens.md). */
import { linkCodeBodySchema, MESSAGES, type LinkCodeAnswer } from '@parroquia/domain';
import { logRateLimited } from '../../log';
import { ApiError, jsonReply } from '../http';
import { RateLimiter } from '../rate-limit';
import { signedInRoute } from '../router';

/** Per function instance: 10 tries a minute per account, so codes cannot be guessed. */
export const linkCodeRateLimiter = new RateLimiter({ perKey: 10, overall: 200, windowMs: 60_000 });

export const linkCodeRoute = signedInRoute(
  'POST',
  '/api/users/link-code/',
  async ({ deps, caller, body }) => {
    const now = deps.now();
    if (!linkCodeRateLimiter.allow(caller.uid, now)) {
      logRateLimited('/api/users/link-code/', caller.uid);
      throw new ApiError(429, MESSAGES.tooManyAttempts, {
        'Retry-After': String(linkCodeRateLimiter.retryAfterSeconds(now)),
      });
    }
    const result = await deps.donors.linkCertificateCode(caller.uid, body.code, now);
    if (!result.ok) throw new ApiError(result.status, result.error);
    const answer: LinkCodeAnswer = { status: 'success', code: body.code, plots: result.plots };
    return jsonReply(answer);
  },
  { bodySchema: linkCodeBodySchema, privacyPolicy: 'required' },
);
