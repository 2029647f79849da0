/**
 * The API client a component calls (`useApiClient`): the app's own by default, another for a
 * subtree (a test, a story). The app's client, with the contract's schemas and zod, downloads
 * with the first call: a visitor who calls nothing (the home page signed out) never loads it.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '@/lib/api-client';
import { ApiError, REQUEST_FAILED } from '@/lib/api-error';

const appClient: ApiClient = {
  async call(route, input) {
    const { apiClient } = await import('@/lib/api-client').catch((cause: unknown) => {
      // Offline before the client arrived: the same failure as a request that got no answer.
      throw new ApiError(REQUEST_FAILED, null, { cause });
    });
    return apiClient.call(route, input);
  },
};

const ApiClientContext = createContext<ApiClient>(appClient);

export function ApiClientProvider({
  client,
  children,
}: {
  client: ApiClient;
  children: ReactNode;
}) {
  return <ApiClientContext value={client}>{children}</ApiClientContext>;
}

export function useApiClient(): ApiClient {
  return useContext(ApiClientContext);
}
