/** The app's Auth instance (`firebase.ts` loads this module when Auth first starts). */
import type { FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
  type PopupRedirectResolver,
} from 'firebase/auth';

/**
 * `popups`: the resolver a provider's popup needs, given when Auth starts for a sign-in so that
 * the popup's helper loads at once; a page that only reads the session (the map of a donor
 * already signed in) starts Auth without it and loads none of it. `emulatorUrl`: the local
 * Auth emulator, or null for production.
 */
export function authOf(
  app: FirebaseApp,
  emulatorUrl: string | null,
  popups: PopupRedirectResolver | undefined,
): Auth {
  // initializeAuth with only what we use keeps the SDK small (no redirect resolver for
  // Cordova, no IndexedDB fallbacks beyond the local one).
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    popupRedirectResolver: popups,
  });
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  return auth;
}
