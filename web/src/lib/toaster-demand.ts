/** Whether the app's `<Toaster>` is wanted yet (`toast.ts`): a flag that only turns on. */
import { useSyncExternalStore } from 'react';

let wanted = false;
const listeners = new Set<() => void>();

export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasterWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted);
}
