/**
 * The API client a component calls (`useApiClient`): the app's own by default, another for a
 * subtree (a test, a story). The app's client, with the contract's schemas and zod, downloads
 * with the first call: a visitor who calls nothing (the home page signed out) never loads it.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '@/lib/api-client';

const appClient: ApiClient = {
  call: (route, input) =>
    import('@/lib/api-client').then(({ apiClient }) => apiClient.call(route, input)),
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
