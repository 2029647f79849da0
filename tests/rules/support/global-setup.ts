/**
 * Starts the Firestore emulators the rules suite runs against: ours (in-process, no Java) and,
 * where its jar is installed, Google's (the reference). Each test file runs once per emulator.
 */
import type { TestProject } from 'vitest/node';
import { start } from '../../../emulators/firestore/src/index.ts';
import {
  googleEmulatorInstalled,
  startGoogleEmulator,
} from '../../../emulators/firestore/test/rules/support/google-emulator.ts';
import { withFreePort } from '@parroquia/testkit/ports';
import './targets.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const ours = await withFreePort((port) => start({ port, host: '127.0.0.1', quiet: true }));
  const google = googleEmulatorInstalled() ? await startGoogleEmulator() : null;
  project.provide('rulesTargets', [
    { name: 'ours' as const, host: '127.0.0.1', port: ours.port },
    ...(google
      ? [{ name: 'google' as const, host: '127.0.0.1', port: Number(new URL(google.url).port) }]
      : []),
  ]);
  return async () => {
    await google?.stop();
    await ours.stop();
  };
}
