/** A donor claims the plots of a physical certificate by typing its code (SPEC.md 2). */
import { linkCodeBodySchema } from '@parroquia/domain';
import { ApiError, jsonReply } from '../http';
import { signedInRoute } from '../router';

export const linkCodeRoute = signedInRoute(
  'POST',
  '/api/users/link-code/',
  async ({ deps, caller, body }) => {
    const result = await deps.donors.linkCertificateCode(caller.uid, body.code, deps.now());
    if (!result.ok) throw new ApiError(result.status, result.error);
    return jsonReply({ status: 'success', code: body.code, plots: result.plots });
  },
  { bodySchema: linkCodeBodySchema, privacyPolicy: 'required' },
);
