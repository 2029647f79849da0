/** The signed-in donor's own account (docs/api.md). */
import * as z from 'zod/mini';
import {
  acceptPrivacyPolicyBodySchema,
  linkCodeBodySchema,
  syncUserBodySchema,
  updateUserBodySchema,
} from '../donor-profile';
import { certificateQuerySchema } from '../certificate-language';
import { passwordResetBodySchema } from '../password-reset-mail';
import { signUpBodySchema } from '../sign-up-mail';
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

/** 201 when the account was created now, 200 when it existed. */
export const sync = defineRoute({
  method: 'POST',
  path: '/api/users/sync/',
  access: 'signed-in',
  body: syncUserBodySchema,
  answer: z.extend(donorProfileSchema, { created: z.boolean() }),
});

export const updateUser = defineRoute({
  method: 'POST',
  path: '/api/users/update_user/',
  access: 'signed-in',
  body: updateUserBodySchema,
  answer: donorProfileSchema,
});

export const acceptPrivacyPolicy = defineRoute({
  method: 'POST',
  path: '/api/users/accept-privacy-policy/',
  access: 'signed-in',
  body: acceptPrivacyPolicyBodySchema,
  answer: donorProfileSchema,
});

export const logout = defineRoute({
  method: 'POST',
  path: '/api/users/logout/',
  access: 'signed-in',
  answer: z.object({ status: z.literal('ok') }),
});

export const linkCode = defineRoute({
  method: 'POST',
  path: '/api/users/link-code/',
  access: 'signed-in',
  privacyPolicy: 'required',
  body: linkCodeBodySchema,
  answer: z.object({
    status: z.literal('success'),
    code: z.string(),
    /** Plot codes now held by the donor, e.g. `['K3', 'K4']`. */
    plots: z.array(z.string()),
  }),
});

/** The donor's certificate as a PDF; `?lang=es|ro` (es-ES and en are read as es). */
export const generateCertificate = defineRoute({
  method: 'GET',
  path: '/api/users/generate-certificate/',
  access: 'signed-in',
  privacyPolicy: 'required',
  query: certificateQuerySchema,
  answer: 'file',
});

/**
 * A forgotten password (issue 30): the parish mails the reset link if the address has an account.
 * Public; the same 202 whether it has one or not, 429 past the limits per address and per caller
 * (docs/api.md, "Rate limits"), which count every request alike.
 */
export const passwordReset = defineRoute({
  method: 'POST',
  path: '/api/users/password-reset/',
  access: 'public',
  body: passwordResetBodySchema,
  answer: z.object({ status: z.literal('requested') }),
});

/**
 * E-mail sign-up (issue 30): the parish mails the address the link that proves it and finishes
 * the new account, or, when it already has an account, a note saying so (nothing is created or
 * changed). Public; the same 202 either way, 429 past the limits per address and per caller.
 */
export const signUp = defineRoute({
  method: 'POST',
  path: '/api/users/sign-up/',
  access: 'public',
  body: signUpBodySchema,
  answer: z.object({ status: z.literal('requested') }),
});
