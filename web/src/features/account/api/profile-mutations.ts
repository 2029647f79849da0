/** The profile dialog's writes (docs/api.md) as mutation hooks (`lib/api-mutation.ts`). */
import { useApiMutation } from '@/lib/api-mutation';
import { queryKeys } from '@/lib/query-keys';
import { linkCode, updateProfile, type ProfileChanges } from './account-api';

/** The name and the anonymity: the donor record shows them. */
export function useUpdateProfile() {
  return useApiMutation({
    call: (client, changes: ProfileChanges, token) => updateProfile(client, changes, token),
    invalidates: (uid) => [queryKeys.donorRecord(uid)],
  });
}

/** A physical certificate's code: its donations join the donor's, everything of hers changes. */
export function useLinkCode() {
  return useApiMutation({
    call: (client, code: string, token) => linkCode(client, code, token),
    invalidates: (uid) => [queryKeys.account(uid)],
  });
}
