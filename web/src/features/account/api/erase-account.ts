/** `POST` of the account's erasure (docs/api.md) as a mutation (docs/architecture.md, writes). */
import { useMutation } from '@tanstack/react-query';
import type { ApiWriteCallbacks } from '@/lib/api-mutation';
import { useApiClient } from '@/lib/api-client-context';
import { signOutOfFirebase } from '@/lib/auth';
import { eraseAccount } from './account-api';

/**
 * Sent with the token of the sign-in just made for it (the API refuses an older one), not the
 * session's, so not through `useApiMutation`. Nothing is asked again: once the account is gone
 * the browser signs out, which forgets all of its answers (`app/provider.tsx`). What the screen
 * does after is given here, not to `mutate`: signed out, the account page may be gone by then.
 */
export function useEraseAccount({ onSuccess, onError }: ApiWriteCallbacks<string, void> = {}) {
  const client = useApiClient();
  return useMutation({
    onSuccess: (_, freshToken) => onSuccess?.(undefined, freshToken),
    onError: (error, freshToken) => onError?.(error, freshToken),
    mutationFn: async (freshToken: string) => {
      await eraseAccount(client, freshToken);
      // The account is gone: its logout call would fail, only the browser's session is left.
      await signOutOfFirebase();
    },
  });
}
