/**
 * Starts the Firestore emulators the rules suite runs against: ours (in-process, no Java) and,
 * where its jar is installed, Google's (the reference). Each test file runs once per emulator.
 */
import type { TestProject } from 'vitest/node';
import { start } from '../../../emulators/firestore/src/index.ts';
import { googleEmulatorInstalled, startGoogleEmulator } from '../../../emulators/firestore/test/rules/support/google-emulator.ts';
import { freePort } from '../../../emulators/firestore/test/conformance/support/ports.ts';
import './targets.ts';

/** Our emulator enforces rules on the wire (issue 7 wiring); RULES_ON_OURS=0 runs Google's only. */
const OURS_ENFORCES_RULES = process.env.RULES_ON_OURS !== '0';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const ours = OURS_ENFORCES_RULES ? await start({ port: await freePort(), host: '127.0.0.1', quiet: true }) : null;
  const google = googleEmulatorInstalled() ? await startGoogleEmulator() : null;
  project.provide('rulesTargets', [
    ...(ours ? [{ name: 'ours' as const, host: '127.0.0.1', port: ours.port }] : []),
    ...(google ? [{ name: 'google' as const, host: '127.0.0.1', port: Number(new URL(google.url).port) }] : []),
  ]);
  return async () => {
    await google?.stop();
    await ours?.stop();
  };
}
