/**
 * A hook test's surroundings: a query cache, an account signed in with a fixed ID token, and
 * optionally the API client to call (the app's own otherwise).
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiClient } from '@/lib/api-client';
import { ApiClientProvider } from '@/lib/api-client-context';
import { StaticSessionProvider, type Session } from '@/lib/session';

export function signedInWrapper(
  queryClient: QueryClient,
  { uid, token, apiClient }: { uid: string; token: string; apiClient?: ApiClient },
) {
  const session = { status: 'signed-in', account: { uid }, userState: 'ready', user: null };
  return function SignedIn({ children }: { children: ReactNode }) {
    const signedIn = (
      <StaticSessionProvider
        value={{
          session: session as unknown as Session,
          getToken: async () => token,
          reloadUser: async () => null,
          signOut: async () => {},
        }}
      >
        {children}
      </StaticSessionProvider>
    );
    return (
      <QueryClientProvider client={queryClient}>
        {apiClient ? (
          <ApiClientProvider client={apiClient}>{signedIn}</ApiClientProvider>
        ) : (
          signedIn
        )}
      </QueryClientProvider>
    );
  };
}
