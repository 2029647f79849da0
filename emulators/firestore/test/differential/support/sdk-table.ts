/**
 * Declares a vitest table of SDK cases: each runs on our emulator (its outcome code must be the
 * table's) and, where the jar is installed, on Google's emulator: both outcomes must be equal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorHost } from '../../conformance/support/env.ts';
import type { GoogleEmulator } from '../../rules/support/google-emulator.ts';
import { GOOGLE_EMULATOR_JAR, googleAvailable, startGoogle } from './google.ts';
import { closeDrivers, runSdkCase, type SdkCase } from './sdk.ts';

export function sdkTable(title: string, cases: SdkCase[]): void {
  describe(title, () => {
    let google: GoogleEmulator | undefined;
    beforeAll(async () => {
      if (googleAvailable()) google = await startGoogle();
    }, 90_000);
    afterAll(async () => {
      await closeDrivers();
      await google?.stop();
    });

    it('has distinct case names', () => {
      expect(new Set(cases.map((sdkCase) => sdkCase.name)).size).toBe(cases.length);
    });

    for (const sdkCase of cases) {
      it(
        sdkCase.name,
        async () => {
          const { outcome: ours, ms } = await runSdkCase(emulatorHost(), sdkCase);
          expect(ours.code).toBe(sdkCase.expect);
          // The web and lite SDKs surface an answer as it arrives; firebase-admin's first call
          // waits for its credentials and the browser adds page round trips: those are not timed.
          if (sdkCase.sdk === 'web' || sdkCase.sdk === 'lite') expect(ms).toBeLessThan(1000);
          if (!google) return;
          const { outcome: theirs } = await runSdkCase(new URL(google.url).host, sdkCase);
          expect(ours).toEqual(theirs);
        },
        40_000,
      );
    }
  });

  if (!googleAvailable())
    it.skip(`${title} against Google's emulator: skipped, no jar at ${GOOGLE_EMULATOR_JAR}`, () => {});
}
