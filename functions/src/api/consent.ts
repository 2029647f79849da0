/**
 * The privacy-policy gate (docs/product.md): a donor who has not accepted it cannot buy, reserve,
 * link codes or download a certificate. Routes ask for it with `privacyPolicy: 'required'`;
 * handlers that need the check elsewhere call this directly.
 */
import { MESSAGES } from '@parroquia/domain';
import { logPrivacyPolicyRefused } from '../log';
import type { ApiDependencies } from '../ports/api-dependencies';
import type { UserProfile } from '../ports/donors';
import type { Caller } from '../ports/sign-in';
import { ApiError } from './http';

/** The caller's profile when they accepted the policy; 404 without one, 403 before accepting. */
export async function assertPrivacyPolicyAccepted(
  deps: Pick<ApiDependencies, 'users'>,
  caller: Caller,
): Promise<UserProfile> {
  const profile = await deps.users.findUser(caller.uid);
  if (!profile) throw new ApiError(404, MESSAGES.userNotFound);
  if (!profile.accepted_privacy_policy) {
    logPrivacyPolicyRefused(caller.uid);
    throw new ApiError(403, MESSAGES.privacyPolicyRequired);
  }
  return profile;
}
