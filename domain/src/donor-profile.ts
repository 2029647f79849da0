/**
 * The bodies of the donor's own account routes (docs/data-model.md, docs/api.md), as zod schemas shared by the
 * functions (which validate) and the web (which sends the same bodies). Messages are Spanish,
 * the API's language; unknown fields are dropped, so a body can never change what it does not
 * name (e-mail, personal code, staff flag).
 */
import * as z from 'zod/mini';
import { LANGUAGES, MESSAGES } from './messages';
import { hasLineControls, isBlankName, trimInvisible } from './name-characters';
import { isPersonalCode, normalizeCode } from './personal-code';

export const DEFAULT_DONOR_NAME = 'Usuario sin nombre';
/** Longer than any real name; keeps the map label and the certificate line sane. */
export const DONOR_NAME_MAX_LENGTH = 120;

// The name rule (name-characters.ts): invisible characters trimmed off the ends; inside, line
// breaks, control characters and bidi controls refused (they would break the map label and the
// certificate line, or reverse what follows them); nothing a person types into a name has them.
const nameText = z.string({ error: MESSAGES.nameNotText }).check(
  z.overwrite(trimInvisible),
  z.maxLength(DONOR_NAME_MAX_LENGTH, { error: MESSAGES.nameTooLong(DONOR_NAME_MAX_LENGTH) }),
  z.refine((name) => !hasLineControls(name), { error: MESSAGES.nameControlCharacters }),
);

/**
 * A donor's name as typed: trimmed of invisible characters, 1..120 characters, something
 * visible in it (a name of zero-width spaces or Hangul fillers is empty). HTML is kept as text,
 * never markup.
 */
export const donorNameSchema = nameText
  .clone()
  .check(z.refine((name) => !isBlankName(name), { error: MESSAGES.nameEmpty }));

/** `POST /api/users/sync/`: the sign-in profile; `sub` must be the signed-in account's uid. */
export const syncUserBodySchema = z.object({
  email: z.nullish(z.string({ error: MESSAGES.emailNotText }).check(z.maxLength(320))),
  /** Empty (nothing visible) or absent: "Usuario sin nombre". */
  name: z.pipe(
    z.nullish(nameText),
    z.transform((name) => (name && !isBlankName(name) ? name : DEFAULT_DONOR_NAME)),
  ),
  sub: z
    .string({ error: MESSAGES.subjectMissing })
    .check(z.minLength(1, { error: MESSAGES.subjectMissing }), z.maxLength(128)),
});
export type SyncUserBody = z.input<typeof syncUserBodySchema>;

/**
 * `POST /api/users/update_user/`: the web sends the whole user object; only `name`,
 * `is_anonymous_donor` and `language` are read, and at least one of them must be there.
 */
export const updateUserBodySchema = z
  .object({
    name: z.optional(donorNameSchema),
    is_anonymous_donor: z.optional(z.boolean({ error: MESSAGES.anonymousNotBoolean })),
    /** The site's language the donor uses, for their e-mails (issue 19); never shown. */
    language: z.optional(z.enum(LANGUAGES, { error: MESSAGES.languageUnknown })),
  })
  .check(
    z.refine(
      (change) =>
        change.name !== undefined ||
        change.is_anonymous_donor !== undefined ||
        change.language !== undefined,
      { error: MESSAGES.profileChangeEmpty },
    ),
  );
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;
export type DonorProfileChange = z.output<typeof updateUserBodySchema>;

/** `POST /api/users/accept-privacy-policy/`: `accepted` must be true. */
export const acceptPrivacyPolicyBodySchema = z.object({
  accepted: z.literal(true, { error: MESSAGES.privacyPolicyMustBeAccepted }),
  anonymous: z.boolean({ error: MESSAGES.anonymousNotBoolean }),
});
export type AcceptPrivacyPolicyBody = z.input<typeof acceptPrivacyPolicyBodySchema>;

/** An 8-character code as a person types it: spaces and case do not matter. */
export const typedCodeSchema = z.pipe(
  z
    .string({ error: MESSAGES.codeMissing })
    .check(z.maxLength(64, { error: MESSAGES.codeMalformed })),
  z.pipe(z.string(), z.transform(normalizeCode)).check(
    z.refine((code) => code !== '', { error: MESSAGES.codeMissing, abort: true }),
    z.refine(isPersonalCode, { error: MESSAGES.codeMalformed }),
  ),
);

/** `POST /api/users/link-code/`: a physical certificate's code. */
export const linkCodeBodySchema = z.object({ code: typedCodeSchema });
export type LinkCodeBody = z.input<typeof linkCodeBodySchema>;

/** `GET /api/certificates/verify/?code=`: a donor's personal code. */
export const verifyCertificateQuerySchema = z.object({ code: typedCodeSchema });
