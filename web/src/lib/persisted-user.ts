/**
 * Whether Firebase Auth has a signed-in user saved in this browser, answered without loading
 * the Auth SDK (about 50 KB of JavaScript, and on phones Google's iframe script on top): a
 * visitor who never signed in gets a page that downloads none of it. Reads where the SDK's
 * persistence keeps the user (`lib/firebase.ts`: `indexedDBLocalPersistence`, else
 * `browserLocalPersistence`). When unsure it answers true, and the SDK decides as before.
 */
const DATABASE = 'firebaseLocalStorageDb';
const STORE = 'firebaseLocalStorage';

/** The key the SDK saves the default app's user under. */
export function persistedUserKey(apiKey: string): string {
  return `firebase:authUser:${apiKey}:[DEFAULT]`;
}

export async function hasPersistedUser(apiKey: string): Promise<boolean> {
  const key = persistedUserKey(apiKey);
  try {
    if (window.localStorage.getItem(key) !== null) return true;
  } catch {
    // Storage blocked: the SDK cannot have used it either.
  }
  if (typeof indexedDB === 'undefined') return false;
  return new Promise((resolve) => {
    let absent = false;
    const request = indexedDB.open(DATABASE);
    request.onupgradeneeded = () => {
      // No database yet: nobody signed in here. Abort, so that none is created by asking.
      absent = true;
      request.transaction?.abort();
    };
    request.onerror = () => resolve(!absent);
    request.onblocked = () => resolve(true);
    request.onsuccess = () => {
      const database = request.result;
      if (!database.objectStoreNames.contains(STORE)) {
        database.close();
        resolve(false);
        return;
      }
      const read = database.transaction(STORE, 'readonly').objectStore(STORE).get(key);
      read.onsuccess = () => resolve(read.result !== undefined);
      read.onerror = () => resolve(true);
      read.transaction!.oncomplete = () => database.close();
    };
  });
}
