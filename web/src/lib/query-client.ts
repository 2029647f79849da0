/**
 * The app's one cache of what the API answered (TanStack Query), with this site's defaults. A
 * screen asks the server again each time it opens (answers are stale at once) and otherwise
 * only when the person acts: not when the window gets the focus back or the network returns.
 * A request is made even when the browser thinks it is offline, so a screen says "no
 * connection" instead of waiting without a word. Writes are never tried twice.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';

/**
 * One more try, a second later, when the server gave no answer or failed (no status, or 5xx).
 * A refusal (4xx) or an answer of the wrong shape would only come again, so it shows at once.
 */
export function worthAskingAgain(failures: number, error: unknown): boolean {
  return (
    failures < 1 && error instanceof ApiError && (error.status === null || error.status >= 500)
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: worthAskingAgain,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
