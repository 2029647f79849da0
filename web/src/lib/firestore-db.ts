/** The app's Firestore instance (`firebase.ts` loads this module when the map first needs it). */
import type { FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';

/** `emulator`: the local emulator's host and port, or null for production. */
export function firestoreOf(app: FirebaseApp, emulator: [string, number] | null): Firestore {
  const db = getFirestore(app);
  if (emulator) connectFirestoreEmulator(db, ...emulator);
  return db;
}
