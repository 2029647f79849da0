/** Real SDK clients pointed at the test stack. */
import { deleteApp as deleteWebApp, initializeApp as initializeWebApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { PROJECT_ID } from '@parroquia/testkit/local-stack';

export const DEMO = {
  staff: { email: 'staff@parroquia.test', password: 'Personal-2026', uid: 'staff-demo' },
  ana: { email: 'ana@parroquia.test', password: 'Donante-2026', uid: 'donor-ana' },
  ion: { email: 'ion@parroquia.test', password: 'Donator-2026', uid: 'donor-ion' },
} as const;

/** Signs a demo account in through the Auth emulator and returns its ID token. */
export async function idTokenOf(
  authHost: string,
  account: { email: string; password: string },
): Promise<string> {
  const app = initializeWebApp(
    { apiKey: 'demo-api-key', projectId: PROJECT_ID },
    `sign-in-${Math.random().toString(36).slice(2)}`,
  );
  try {
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://${authHost}`, { disableWarnings: true });
    const credential = await signInWithEmailAndPassword(auth, account.email, account.password);
    return await credential.user.getIdToken();
  } finally {
    await deleteWebApp(app);
  }
}

export function adminFirestore(firestoreHost: string): Firestore {
  process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
  const app = getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
  return getFirestore(app);
}
