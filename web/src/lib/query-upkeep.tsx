/**
 * What the query cache (`query-client.ts`) must follow outside of it: the session and the
 * language. Mounted once, inside the session's provider (`app/provider.tsx`).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { i18n } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';

export function QueryUpkeep() {
  const client = useQueryClient();
  const { session } = useSession();
  const signedOut = session.status === 'signed-out';

  useEffect(() => {
    // Nothing asked with an account's token stays in memory once nobody is signed in.
    if (signedOut) client.removeQueries({ queryKey: queryKeys.accounts() });
  }, [client, signedOut]);

  useEffect(() => {
    // A failure the API explained came in the language it was asked in: asked again in the new
    // one (the texts the app writes itself follow the language as they render).
    const askFailedAgain = () => {
      // Not awaited: each screen shows its own answer when it comes.
      void client.resetQueries({ predicate: (query) => query.state.status === 'error' });
    };
    i18n.on('languageChanged', askFailedAgain);
    return () => i18n.off('languageChanged', askFailedAgain);
  }, [client]);

  return null;
}
