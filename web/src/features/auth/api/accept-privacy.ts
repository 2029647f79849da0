/** `POST` of the privacy policy's acceptance (docs/api.md) as a mutation (`lib/api-mutation.ts`). */
import * as API_ROUTES from '@parroquia/domain/api-routes';
import { useApiMutation } from '@/lib/api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** The acceptance and the anonymity choice: the donor record shows both. */
export function useAcceptPrivacy() {
  return useApiMutation({
    call: (client, anonymous: boolean, token) =>
      client.call(API_ROUTES.acceptPrivacyPolicy, { body: { accepted: true, anonymous }, token }),
    invalidates: (uid) => [queryKeys.donorRecord(uid)],
  });
}
