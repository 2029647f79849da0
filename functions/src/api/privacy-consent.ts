/**
 * Donors must accept the privacy policy before paying (SPEC.md). Until the donors routes bring
 * their own guard, this reads the flag through the user repository; one place to swap.
 */
import type { UserProfile, UserRepository } from '../ports';
import { ApiError } from './http';
import { API_MESSAGES } from './messages';

export async function requirePrivacyConsent(users: UserRepository, uid: string): Promise<UserProfile> {
  const profile = await users.findUser(uid);
  if (!profile?.accepted_privacy_policy) throw new ApiError(403, API_MESSAGES.privacyPolicyNotAccepted);
  return profile;
}
