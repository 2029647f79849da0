/**
 * Google's emulator for the differential suite: the rules table's launcher
 * (`test/rules/support/google-emulator.ts`), one instance per test file; or an already running
 * one at `GOOGLE_FIRESTORE_URL` (handy while working on a single case).
 */
import {
  googleEmulatorInstalled,
  startGoogleEmulator,
  type GoogleEmulator,
} from '../../rules/support/google-emulator.ts';

export { GOOGLE_EMULATOR_JAR } from '../../rules/support/google-emulator.ts';

export function googleAvailable(): boolean {
  return !!process.env.GOOGLE_FIRESTORE_URL || googleEmulatorInstalled();
}

export async function startGoogle(): Promise<GoogleEmulator> {
  const running = process.env.GOOGLE_FIRESTORE_URL;
  if (running) return { url: running, pid: undefined, stop: async () => {} };
  return startGoogleEmulator();
}
