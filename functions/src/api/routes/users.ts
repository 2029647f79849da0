/** The signed-in donor's own account (docs/api.md). */
import { accountEmail, MESSAGES, type ApiRoutes, type DonorProfileJson } from '@parroquia/domain';
import { logDonorSynced } from '../../log';
import { AccountErasedError, type UserProfile } from '../../ports/donors';
import type { Caller } from '../../ports/sign-in';
import { ApiError, jsonReply } from '../http';
import type { Handler } from '../router';

/** The profile as the API answers it; staff rights only ever from the token's custom claim. */
function profileJson(caller: Caller, profile: UserProfile): DonorProfileJson {
  return { id: caller.uid, ...profile, is_staff: caller.staff };
}

export const whoami: Handler<ApiRoutes['whoami']> = async ({ deps, caller }) => {
  const profile = await deps.users.findUser(caller.uid);
  if (!profile) throw new ApiError(404, MESSAGES.userNotFound);
  return jsonReply(profileJson(caller, profile));
};

/**
 * Creates the donor's account on first sign-in, once: a second sync, or two at the same time,
 * answer the same account. The e-mail stored is the one the token vouches for (docs/screens.md's
 * placeholder when the provider gave none), never the body's.
 */
export const sync: Handler<ApiRoutes['sync']> = async ({ deps, caller, body, language }) => {
  if (body.sub !== caller.uid) throw new ApiError(403, MESSAGES.subjectMismatch);
  const email = accountEmail({
    email: caller.email,
    providerId: caller.providerId ?? 'password',
    subject: caller.uid,
  });
  const { profile, created } = await deps.donors
    .syncDonor(
      caller.uid,
      {
        name: body.name,
        email,
        sub: caller.uid,
        is_staff: caller.staff,
        language,
      },
      () => deps.newPersonalCode(),
      deps.now(),
    )
    .catch((error: unknown) => {
      // Erased a moment ago (routes/my-data.ts): the account is going, not coming back.
      if (error instanceof AccountErasedError) throw new ApiError(404, MESSAGES.userNotFound);
      throw error;
    });
  logDonorSynced(caller.uid, created);
  return jsonReply({ ...profileJson(caller, profile), created }, created ? 201 : 200);
};

/** Only the name and the anonymity change; the map's plots follow in the same transaction. */
export const updateUser: Handler<ApiRoutes['updateUser']> = async ({ deps, caller, body }) => {
  const profile = await deps.donors.updateDonor(caller.uid, body, deps.now());
  if (!profile) throw new ApiError(404, MESSAGES.userNotFound);
  return jsonReply(profileJson(caller, profile));
};

export const acceptPrivacyPolicy: Handler<ApiRoutes['acceptPrivacyPolicy']> = async ({
  deps,
  caller,
  body,
}) => {
  const profile = await deps.donors.acceptPrivacyPolicy(caller.uid, body.anonymous, deps.now());
  if (!profile) throw new ApiError(404, MESSAGES.userNotFound);
  return jsonReply(profileJson(caller, profile));
};

/** Ends every session of the account; the token of this very request stops working too. */
export const logout: Handler<ApiRoutes['logout']> = async ({ deps, caller }) => {
  await deps.sessions.revokeSessions(caller.uid);
  return jsonReply({ status: 'ok' as const });
};
