/** `users/{uid}` documents read into the profile the API answers. */
import { isoOf } from '@parroquia/domain';
import type { UserProfile } from '../ports/donors';

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function userProfileFromDocument(data: Record<string, unknown>): UserProfile {
  return {
    name: stringOrNull(data.name) ?? '',
    email: stringOrNull(data.email) ?? '',
    personal_code: stringOrNull(data.personal_code) ?? '',
    is_anonymous_donor: data.is_anonymous_donor === true,
    accepted_privacy_policy: data.accepted_privacy_policy === true,
    is_staff: data.is_staff === true,
    sub: stringOrNull(data.sub),
    created_at: isoOf(data.created_at),
  };
}
