/**
 * A donor signed in with Google, Facebook or Apple, for the browser journeys (issue 19 item 7).
 * Offline, Firebase's `signInWithPopup` cannot load Google's iframe script, so the journeys do
 * what the popup would end with: the account signs in at the Auth emulator with its documented
 * fake provider token (an unsigned JSON `id_token`; Facebook and Apple may give no e-mail),
 * through the real Firebase SDK in Node, and the browser starts with that session persisted
 * where the app's Auth reads it (IndexedDB `firebaseLocalStorageDb`, as `indexedDBLocalPersistence`
 * writes it). The web app has no branch for this: it finds a signed-in user, as after a popup.
 */
import type { Page } from '@playwright/test';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  inMemoryPersistence,
  initializeAuth,
  OAuthProvider,
  signInWithCredential,
} from 'firebase/auth';
import { suiteStackPorts } from '@parroquia/testkit/stack';

export type ProviderId = 'google.com' | 'facebook.com' | 'apple.com';

/** The web app's Firebase config in the test build (`web/src/config/env.ts` defaults). */
const API_KEY = 'demo-api-key';
const PERSISTENCE_KEY = `firebase:authUser:${API_KEY}:[DEFAULT]`;

export interface ProviderClaims {
  sub: string;
  name: string;
  email?: string;
}

/** Signs the provider account in at the Auth emulator (creating it); its persisted user. */
export async function providerSession(providerId: ProviderId, claims: ProviderClaims) {
  const { auth: authPort } = await suiteStackPorts();
  const app = initializeApp(
    { apiKey: API_KEY, projectId: 'demo-parroquia', authDomain: 'demo-parroquia.firebaseapp.com' },
    `provider-${claims.sub}`,
  );
  try {
    const auth = initializeAuth(app, { persistence: inMemoryPersistence });
    connectAuthEmulator(auth, `http://127.0.0.1:${authPort}`, { disableWarnings: true });
    const credential = new OAuthProvider(providerId).credential({
      idToken: JSON.stringify({ email_verified: claims.email !== undefined, ...claims }),
    });
    const { user } = await signInWithCredential(auth, credential);
    // The browser app is the default app: its persisted user says so.
    return {
      uid: user.uid,
      email: user.email,
      persisted: { ...user.toJSON(), appName: '[DEFAULT]' },
    };
  } finally {
    await deleteApp(app);
  }
}

/**
 * Puts the session where the app's Firebase Auth looks for it, on the site's origin, before
 * the app loads: a blank page of that origin writes it, then the journey goes on from there.
 */
export async function startSignedIn(page: Page, persisted: object) {
  await page.route('**/__e2e-blank', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
  );
  await page.goto('/__e2e-blank');
  await page.evaluate(
    ({ key, value }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb', 1);
        open.onupgradeneeded = () =>
          open.result.createObjectStore('firebaseLocalStorage', { keyPath: 'fbase_key' });
        open.onerror = () => reject(open.error ?? new Error('IndexedDB did not open'));
        open.onsuccess = () => {
          const tx = open.result.transaction('firebaseLocalStorage', 'readwrite');
          tx.objectStore('firebaseLocalStorage').put({ fbase_key: key, value });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('IndexedDB did not write'));
        };
      }),
    { key: PERSISTENCE_KEY, value: persisted },
  );
  await page.unroute('**/__e2e-blank');
}
