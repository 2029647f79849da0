/** The names to remember saved (docs/api.md) as a mutation (`lib/api-mutation.ts`). */
import type { CommemorationsBody } from '@parroquia/domain';
import { useApiMutation } from '@/lib/api-mutation';
import { queryKeys } from '@/lib/query-keys';
import { saveCommemorations } from './commemorations-api';

/** The answer is the list as saved: it becomes the cache's, with nothing to ask again. */
export function useSaveCommemorations() {
  return useApiMutation({
    call: (client, body: CommemorationsBody, token) => saveCommemorations(client, body, token),
    becomes: (uid) => queryKeys.commemorations(uid),
  });
}
