/**
 * The one owner of the Firebase SDK: the rest of the app asks this module for it. Every SDK
 * object is created on first use and the SDK modules are imported dynamically, so a page that
 * never signs in or listens (the home page's first paint, the legal pages) downloads none of it.
 * Against the local emulators the standard `connect*Emulator` calls are the only difference.
 */
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { env } from '@/config/env';

let appPromise: Promise<FirebaseApp> | undefined;
let authPromise: Promise<Auth> | undefined;
let firestorePromise: Promise<Firestore> | undefined;
/** Called when the Auth SDK starts, whoever starts it (`onAuthStart`). */
const authStartListeners = new Set<() => void>();

export function getFirebaseApp(): Promise<FirebaseApp> {
  appPromise ??= import('firebase/app').then(({ initializeApp }) =>
    initializeApp({
      apiKey: env.FIREBASE_API_KEY,
      authDomain: env.FIREBASE_AUTH_DOMAIN,
      projectId: env.FIREBASE_PROJECT_ID,
      appId: env.FIREBASE_APP_ID,
    }),
  );
  return appPromise;
}

/**
 * The Auth instance, started on first use. `purpose`: 'sign-in' when it starts for a sign-in
 * (the login page), so that a provider's popup has what it needs at once (`auth-instance.ts`).
 */
export function getFirebaseAuth(purpose: 'session' | 'sign-in' = 'session'): Promise<Auth> {
  if (authPromise) return authPromise;
  authPromise = Promise.all([
    getFirebaseApp(),
    import('./auth-instance'),
    purpose === 'sign-in' ? import('./auth-sign-in') : undefined,
  ]).then(([app, { authOf }, signIn]) =>
    authOf(app, env.USE_EMULATORS ? env.AUTH_EMULATOR_URL : null, signIn?.popupResolver),
  );
  for (const listener of authStartListeners) listener();
  authStartListeners.clear();
  return authPromise;
}

/**
 * Calls back once something starts the Auth SDK (at once when it has started): the session,
 * which leaves the SDK unloaded for a visitor nobody signed in on, learns of a sign-in that way.
 * Answers the function that cancels the wait.
 */
export function onAuthStart(listener: () => void): () => void {
  if (authPromise) {
    listener();
    return () => {};
  }
  authStartListeners.add(listener);
  return () => authStartListeners.delete(listener);
}

export function getFirestoreDb(): Promise<Firestore> {
  // Named imports (firestore-db.ts), not the module's namespace: the bundle then carries only
  // the parts of the SDK the map uses.
  firestorePromise ??= Promise.all([getFirebaseApp(), import('./firestore-db')]).then(
    ([app, { firestoreOf }]) =>
      firestoreOf(app, env.USE_EMULATORS ? splitHost(env.FIRESTORE_EMULATOR_HOST) : null),
  );
  return firestorePromise;
}

function splitHost(hostAndPort: string): [string, number] {
  const at = hostAndPort.lastIndexOf(':');
  const port = Number(hostAndPort.slice(at + 1));
  if (at <= 0 || !Number.isInteger(port)) {
    throw new Error(`VITE_FIRESTORE_EMULATOR_HOST must be host:port, not ${hostAndPort}`);
  }
  return [hostAndPort.slice(0, at), port];
}
