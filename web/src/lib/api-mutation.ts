/**
 * Writes to the API as mutations (docs/architecture.md, writes): a feature's `api/` names the
 * call and what it makes stale; this owns the rest. The call gets the API client and a fresh ID
 * token of the signed-in account; once it has succeeded, the queries it names are marked stale
 * and those on screen asked again before the mutation counts as done, so that a button stays
 * busy until the page shows the change; or, when the answer is the changed thing itself, it
 * replaces the cached one. A failure is the call's `ApiError`, whose `code` the
 * screen decides by and `apiErrorText` shows.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { accountUid } from '@/lib/query-keys';
import { useSession } from '@/lib/session';

export interface ApiWrite<Variables, Answer> {
  call: (client: ApiClient, variables: Variables, token: string) => Promise<Answer>;
  /** The answers it changes, by the signed-in account's uid (`lib/query-keys.ts`). */
  invalidates?: (uid: string | null, variables: Variables, answer: Answer) => QueryKey[];
  /** The query whose answer the write answers whole (a list as saved): set, not asked again. */
  becomes?: (uid: string | null, variables: Variables) => QueryKey;
}

/**
 * What the screen does once the write is done (after the stale queries are back) or has failed.
 * Given to the hook rather than to `mutate` where the component that sent it may be gone by then:
 * a row the refreshed list no longer has still reports to the list above it.
 */
export interface ApiWriteCallbacks<Variables, Answer> {
  onSuccess?: (answer: Answer, variables: Variables) => unknown;
  onError?: (error: Error, variables: Variables) => unknown;
}

export function useApiMutation<Variables, Answer>(
  write: ApiWrite<Variables, Answer>,
  callbacks: ApiWriteCallbacks<Variables, Answer> = {},
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { session, getToken } = useSession();
  const uid = accountUid(session);
  return useMutation({
    mutationFn: async (variables: Variables) => write.call(client, variables, await getToken()),
    onSuccess: async (answer, variables) => {
      if (write.becomes) queryClient.setQueryData(write.becomes(uid, variables), answer);
      const stale = write.invalidates?.(uid, variables, answer) ?? [];
      await Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await callbacks.onSuccess?.(answer, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
