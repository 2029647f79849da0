/**
 * The API calls that send the signed-in donor's data (docs/api.md): the donor record's sync from
 * the sign-in profile, and the donor's language. Loaded when one is made (`session.tsx`,
 * `donor-language.tsx`), with the rules those routes check.
 */
import { accountEmail } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient } from '@/lib/api-client';
import type { AuthAccount } from '@/lib/auth';
import type { Language } from '@/lib/i18n';

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
