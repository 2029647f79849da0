/**
 * The differential table through the SDKs (firebase-admin and the web SDK over gRPC, the lite
 * SDK over REST): each case runs on our emulator (its outcome code must be the table's) and,
 * where the jar is installed, on Google's emulator: both outcomes must be equal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorHost } from '../conformance/support/env.ts';
import type { GoogleEmulator } from '../rules/support/google-emulator.ts';
import { SDK_CASES } from './cases/sdk.ts';
import { GOOGLE_EMULATOR_JAR, googleAvailable, startGoogle } from './support/google.ts';
import { runSdkCase } from './support/sdk.ts';

describe('differential (SDKs)', () => {
  let google: GoogleEmulator | undefined;
  beforeAll(async () => {
    if (googleAvailable()) google = await startGoogle();
  }, 90_000);
  afterAll(async () => {
    await google?.stop();
  });

  it('has distinct case names', () => {
    expect(new Set(SDK_CASES.map((sdkCase) => sdkCase.name)).size).toBe(SDK_CASES.length);
  });

  for (const sdkCase of SDK_CASES) {
    it(sdkCase.name, async () => {
      const ours = await runSdkCase(emulatorHost(), sdkCase);
      expect(ours.code).toBe(sdkCase.expect);
      if (!google) return;
      const theirs = await runSdkCase(new URL(google.url).host, sdkCase);
      expect(ours).toEqual(theirs);
    }, 40_000);
  }
});

if (!googleAvailable())
  it.skip(`differential (SDKs) against Google's emulator: skipped, no jar at ${GOOGLE_EMULATOR_JAR}`, () => {});
