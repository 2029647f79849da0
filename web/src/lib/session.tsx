/**
 * Who is using the site: the Firebase account and the donor record behind it (docs/product.md,
 * access flow). When the account has no donor record yet, one is synced from the sign-in
 * profile and looked up again. The Auth SDK loads after the first paint, so pages render at
 * once and the header shows a spinner until the session is known; for a browser that holds no
 * saved user it does not load at all until a sign-in starts it.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { DonorProfileJson } from '@parroquia/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, REQUEST_FAILED } from '@/lib/api-error';
import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';
import {
  currentIdToken,
  mayBeSignedIn,
  onSignInStart,
  signOutOfFirebase,
  watchAccount,
  type AuthAccount,
} from '@/lib/auth';

/** The donor record as the API answers it (`API_ROUTES.whoami`). */
export type DonorUser = DonorProfileJson;

/** `none`: signed in, but no donor record even after syncing (docs/product.md: back to login). */
export type UserState = 'loading' | 'syncing' | 'ready' | 'none' | 'error';

export type Session =
  | { status: 'loading' }
  /**
   * `refused`: the session this browser held is no longer taken (a password reset elsewhere, a
   * revoked token): by the API, with its reason in the reader's language (`text`), or by Firebase
   * Auth as it started (`text` null). The sign-in page says so, and she signs in again.
   */
  | { status: 'signed-out'; refused?: { text: string | null } }
  | { status: 'signed-in'; account: AuthAccount; userState: UserState; user: DonorUser | null };

// Function-valued fields, not methods: components destructure them (no `this` to lose).
export interface SessionApi {
  session: Session;
  /** A fresh ID token; throws when nobody is signed in. */
  getToken: () => Promise<string>;
  /** Looks the donor record up again (after a profile edit, a privacy acceptance...). */
  reloadUser: () => Promise<DonorUser | null>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionApi | null>(null);

/** Who Firebase Auth says is here, before the donor record is known. */
type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out'; refused?: { text: string | null } }
  | { status: 'signed-in'; account: AuthAccount };

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [auth, setAuth] = useState<AuthState>({ status: 'loading' });
  /** The uid whose donor record is being synced from the sign-in profile (`syncing`). */
  const [syncing, setSyncing] = useState<string | null>(null);
  /** Why the last session was refused, kept for the signed-out state that follows. */
  const refusedRef = useRef<{ text: string | null } | null>(null);

  const getToken = useCallback(async () => {
    const token = await currentIdToken();
    if (!token) throw new ApiError(REQUEST_FAILED, 401);
    return token;
  }, []);

  /**
   * The donor record, synced from the sign-in profile when there is none yet; null when there is
   * still none. A session the server refuses signs out here too, with its reason.
   */
  const loadUser = useCallback(
    async (account: AuthAccount): Promise<DonorUser | null> => {
      try {
        const record = await import('@/lib/donor-record');
        const found = await record.lookUpDonor(client, await getToken());
        if (found) return found;
        setSyncing(account.uid);
        try {
          const changes = await import('@/lib/donor-record-changes');
          await changes.syncDonor(client, account, await getToken());
        } catch (error) {
          // docs/api.md: sync failures are only logged; the lookup below decides.
          console.error('sync failed', error);
        } finally {
          setSyncing(null);
        }
        return await record.lookUpDonor(client, await getToken());
      } catch (error) {
        console.error('user lookup failed', error);
        if (error instanceof ApiError && error.status === 401 && error.fromServer) {
          // The server no longer takes this session: signed out here too, with its reason.
          refusedRef.current = { text: error.message };
          await signOutOfFirebase();
          return null;
        }
        throw error;
      }
    },
    [client, getToken],
  );

  const account = auth.status === 'signed-in' ? auth.account : null;
  const donorKey = queryKeys.donorRecord(account?.uid ?? null);
  // Asked once per sign-in and again only when a write makes it stale (`reloadUser`, or an
  // invalidation of the account's answers); the sync inside is a write, never tried twice.
  const donor = useQuery({
    queryKey: donorKey,
    queryFn: () => loadUser(account!),
    enabled: account !== null,
    staleTime: Infinity,
    retry: false,
  });

  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopWaiting: (() => void) | undefined;
    let cancelled = false;
    /** `saved`: this browser held a session; Auth dropping it as it starts means it was refused. */
    const watch = (saved: boolean) => {
      let first = true;
      // Its rejection is handled by the second argument of the then() below.
      void watchAccount((next) => {
        if (!next && first && saved) refusedRef.current ??= { text: null };
        first = false;
        if (!next) {
          const refused = refusedRef.current;
          setAuth(refused ? { status: 'signed-out', refused } : { status: 'signed-out' });
          return;
        }
        refusedRef.current = null;
        setAuth({ status: 'signed-in', account: next });
      }).then(
        (unsubscribe) => {
          if (cancelled) unsubscribe();
          else stop = unsubscribe;
        },
        (error: unknown) => {
          console.error('Firebase Auth did not start', error);
          setAuth({ status: 'signed-out' });
        },
      );
    };
    // Nobody saved in this browser: signed out at once, and the Auth SDK stays unloaded until
    // a sign-in starts it.
    // Unknown (storage unreadable) counts as maybe, without saying a session was refused.
    void mayBeSignedIn()
      .catch(() => null)
      .then((maybe) => {
        if (cancelled) return;
        if (maybe !== false) {
          watch(maybe === true);
          return;
        }
        setAuth({ status: 'signed-out' });
        stopWaiting = onSignInStart(() => watch(false));
      });
    return () => {
      cancelled = true;
      stopWaiting?.();
      stop?.();
    };
  }, []);

  const session = useMemo((): Session => {
    if (auth.status !== 'signed-in') return auth;
    // A failed look-up shows no record, even one read before it.
    const user = donor.status === 'success' ? donor.data : null;
    const userState: UserState =
      donor.status === 'success'
        ? user
          ? 'ready'
          : 'none'
        : donor.status === 'error'
          ? 'error'
          : syncing === auth.account.uid
            ? 'syncing'
            : 'loading';
    return { status: 'signed-in', account: auth.account, userState, user };
  }, [auth, donor.data, donor.status, syncing]);

  const uid = account?.uid ?? null;
  const reloadUser = useCallback(async () => {
    if (uid === null) return null;
    // A failure shows as the session's error state; the caller only learns there is no record.
    await queryClient.refetchQueries({ queryKey: queryKeys.donorRecord(uid), exact: true });
    return queryClient.getQueryData<DonorUser | null>(queryKeys.donorRecord(uid)) ?? null;
  }, [queryClient, uid]);

  const signOut = useCallback(async () => {
    try {
      const record = await import('@/lib/donor-record');
      await record.logOut(client, await getToken());
    } catch (error) {
      // docs/api.md: a failed logout call is only logged; the local sign-out still happens.
      console.error('logout failed', error);
    }
    await signOutOfFirebase();
  }, [client, getToken]);

  const api = useMemo(
    () => ({ session, getToken, reloadUser, signOut }),
    [session, getToken, reloadUser, signOut],
  );
  return <SessionContext value={api}>{children}</SessionContext>;
}

export function useSession(): SessionApi {
  const api = useContext(SessionContext);
  if (!api) throw new Error('useSession outside SessionProvider');
  return api;
}

/** For tests and stories: a fixed session without Firebase. */
export function StaticSessionProvider({
  value,
  children,
}: {
  value: SessionApi;
  children: ReactNode;
}) {
  return <SessionContext value={value}>{children}</SessionContext>;
}
