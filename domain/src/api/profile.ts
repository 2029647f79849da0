/**
 * The signed-in donor's record as every signed-in page reads it (docs/api.md): the profile's
 * shape, `whoami` and `logout`. Apart from users.ts, whose routes carry the rules of what a donor
 * may send: a page that only reads its record loads none of them.
 */
import * as z from 'zod/mini';
import { defineRoute } from './route';

/** whoami, update_user and accept-privacy-policy answer the profile. */
export const donorProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A real address, or a placeholder: see `externalProviderOf`. */
  email: z.string(),
  personal_code: z.string(),
  is_anonymous_donor: z.boolean(),
  accepted_privacy_policy: z.boolean(),
  /** From the token's custom claim only. */
  is_staff: z.boolean(),
  sub: z.nullable(z.string()),
  created_at: z.nullable(z.string()),
});
export type DonorProfileJson = z.output<typeof donorProfileSchema>;

export const whoami = defineRoute({
  method: 'GET',
  path: '/api/users/whoami/',
  access: 'signed-in',
  answer: donorProfileSchema,
});

export const logout = defineRoute({
  method: 'POST',
  path: '/api/users/logout/',
  access: 'signed-in',
  answer: z.object({ status: z.literal('ok') }),
});
