/**
 * The firebase-admin objects, created on first use and never at module load: deploy analysis
 * and cold starts load this module without touching Google services.
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

let adminApp: App | undefined;

/** The default app, configured by the runtime's environment (project id, emulator hosts). */
export function firebaseApp(): App {
  adminApp ??= getApps()[0] ?? initializeApp();
  return adminApp;
}

export function firestore(): Firestore {
  return getFirestore(firebaseApp());
}

export function auth(): Auth {
  return getAuth(firebaseApp());
}
