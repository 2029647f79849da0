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
import { ApiError, REQUEST_FAILED } from '@/lib/api-error';
import { useApiClient } from '@/lib/api-client-context';
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

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const [session, setSession] = useState<Session>({ status: 'loading' });
  const accountRef = useRef<AuthAccount | null>(null);
  /** Why the last session was refused, kept for the signed-out state that follows. */
  const refusedRef = useRef<{ text: string | null } | null>(null);

  const getToken = useCallback(async () => {
    const token = await currentIdToken();
    if (!token) throw new ApiError(REQUEST_FAILED, 401);
    return token;
  }, []);

  const update = useCallback(
    (account: AuthAccount, userState: UserState, user: DonorUser | null) => {
      // A late answer for an account that has signed out meanwhile is dropped.
      if (accountRef.current?.uid !== account.uid) return;
      setSession({ status: 'signed-in', account, userState, user });
    },
    [],
  );

  const loadUser = useCallback(
    async (account: AuthAccount): Promise<DonorUser | null> => {
      try {
        const record = await import('@/lib/donor-record');
        const found = await record.lookUpDonor(client, await getToken());
        if (found) {
          update(account, 'ready', found);
          return found;
        }
        update(account, 'syncing', null);
        try {
          const changes = await import('@/lib/donor-record-changes');
          await changes.syncDonor(client, account, await getToken());
        } catch (error) {
          // docs/api.md: sync failures are only logged; the lookup below decides.
          console.error('sync failed', error);
        }
        const synced = await record.lookUpDonor(client, await getToken());
        update(account, synced ? 'ready' : 'none', synced);
        return synced;
      } catch (error) {
        console.error('user lookup failed', error);
        if (error instanceof ApiError && error.status === 401 && error.fromServer) {
          // The server no longer takes this session: signed out here too, with its reason.
          refusedRef.current = { text: error.message };
          await signOutOfFirebase();
          return null;
        }
        update(account, 'error', null);
        return null;
      }
    },
    [client, getToken, update],
  );

  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopWaiting: (() => void) | undefined;
    let cancelled = false;
    /** `saved`: this browser held a session; Auth dropping it as it starts means it was refused. */
    const watch = (saved: boolean) => {
      let first = true;
      // Its rejection is handled by the second argument of the then() below.
      void watchAccount((account) => {
        accountRef.current = account;
        if (!account && first && saved) refusedRef.current ??= { text: null };
        first = false;
        if (!account) {
          const refused = refusedRef.current;
          setSession(refused ? { status: 'signed-out', refused } : { status: 'signed-out' });
          return;
        }
        refusedRef.current = null;
        setSession({ status: 'signed-in', account, userState: 'loading', user: null });
        // loadUser() catches every failure and marks the user state as an error.
        void loadUser(account);
      }).then(
        (unsubscribe) => {
          if (cancelled) unsubscribe();
          else stop = unsubscribe;
        },
        (error: unknown) => {
          console.error('Firebase Auth did not start', error);
          setSession({ status: 'signed-out' });
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
        setSession({ status: 'signed-out' });
        stopWaiting = onSignInStart(() => watch(false));
      });
    return () => {
      cancelled = true;
      stopWaiting?.();
      stop?.();
    };
  }, [loadUser]);

  const reloadUser = useCallback(async () => {
    const account = accountRef.current;
    return account ? loadUser(account) : null;
  }, [loadUser]);

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
