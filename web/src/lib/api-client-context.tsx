/** Lets a subtree (a test, a story) talk to another API than the app's default client. */
import { createContext, useContext, type ReactNode } from 'react';
import { apiClient, type ApiClient } from '@/lib/api-client';

const ApiClientContext = createContext<ApiClient>(apiClient);

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
