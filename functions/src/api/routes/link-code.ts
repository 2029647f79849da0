/** A donor claims the plots of a physical certificate by typing its code (docs/screens.md). */
import type { ApiRoutes } from '@parroquia/domain';
import { ApiError, jsonReply } from '../http';
import { assertWithinRateLimit, LINK_CODE_LIMIT } from '../rate-limit';
import type { Handler } from '../router';

export const linkCode: Handler<ApiRoutes['linkCode']> = async ({ deps, caller, body }) => {
  const now = deps.now();
  // Signed in: the account is the key (10 tries a minute), whatever address it comes from.
  await assertWithinRateLimit(
    deps.rateLimits,
    LINK_CODE_LIMIT,
    `uid:${caller.uid}`,
    now,
    '/api/users/link-code/',
  );
  const result = await deps.donors.linkCertificateCode(caller.uid, body.code, now);
  if (!result.ok) throw new ApiError(result.status, result.error);
  return jsonReply({ status: 'success' as const, code: body.code, plots: result.plots });
};
