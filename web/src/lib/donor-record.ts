/**
 * The API calls behind a session that read (docs/api.md): the donor record of the signed-in
 * account, and logout. Loaded once somebody is signed in (`session.tsx`), with the part of the
 * contract it calls; the calls that send the donor's data are `donor-record-changes.ts`, loaded
 * only when one is made.
 */
import type { DonorProfileJson } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

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

export async function logOut(client: ApiClient, token: string): Promise<void> {
  await client.call(API_ROUTES.logout, { token });
}
