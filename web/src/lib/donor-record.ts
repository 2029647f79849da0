/**
 * The API calls behind a session (docs/api.md): the donor record of the signed-in account, its
 * sync from the sign-in profile, the donor's language, and logout. Loaded once somebody is signed in (`session.tsx`),
 * with the contract it calls.
 */
import { accountEmail, API_ROUTES, type DonorProfileJson } from '@parroquia/domain';
import type { ApiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type { AuthAccount } from '@/lib/auth';
import type { Language } from '@/lib/i18n';

/** The account's donor record; null when it has none yet. */
export async function lookUpDonor(
  client: ApiClient,
  token: string,
): Promise<DonorProfileJson | null> {
  try {
    return await client.call(API_ROUTES.whoami, { token });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Creates the donor record from the sign-in profile. */
export async function syncDonor(
  client: ApiClient,
  account: AuthAccount,
  token: string,
): Promise<void> {
  await client.call(API_ROUTES.sync, {
    body: {
      email: accountEmail({
        email: account.email,
        providerId: account.providerId,
        subject: account.uid,
      }),
      // The name typed at sign-up (the account's, set by the API) or the provider's; none: the
      // API's default name.
      name: account.displayName?.trim() || null,
      sub: account.uid,
    },
    token,
  });
}

/** Tells the API the language the donor's e-mails should come in. */
export async function tellLanguage(
  client: ApiClient,
  language: Language,
  token: string,
): Promise<void> {
  await client.call(API_ROUTES.updateUser, { body: { language }, token });
}

export async function logOut(client: ApiClient, token: string): Promise<void> {
  await client.call(API_ROUTES.logout, { token });
}
