/**
 * The differential table over raw REST: every case runs on our emulator (its first status must
 * be the table's, every request must answer within 1 s at the wire) and, where the jar is
 * installed, on Google's emulator: the normalised outcomes must be equal, except the deliberate
 * differences, where Google's status is asserted as the table records it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorUrl } from '../conformance/support/env.ts';
import type { GoogleEmulator } from '../rules/support/google-emulator.ts';
import { GOOGLE_EMULATOR_JAR, googleAvailable, startGoogle } from './support/google.ts';
import { runRestCase } from './support/rest.ts';
import { REST_CASES } from './cases/rest.ts';
import { comparable } from './support/rest.ts';

describe('differential (REST)', () => {
  let google: GoogleEmulator | undefined;
  beforeAll(async () => {
    if (googleAvailable()) google = await startGoogle();
  }, 90_000);
  afterAll(async () => {
    await google?.stop();
  });

  it('has distinct case names', () => {
    expect(new Set(REST_CASES.map((restCase) => restCase.name)).size).toBe(REST_CASES.length);
  });

  for (const restCase of REST_CASES) {
    it(restCase.name, async () => {
      const ours = await runRestCase(emulatorUrl(), restCase);
      expect(ours[0]!.status).toBe(restCase.expect);
      for (const outcome of ours) expect(outcome.ms).toBeLessThan(restCase.slowMs ?? 1000);
      if (!google) return;
      const theirs = await runRestCase(google.url, restCase);
      if (restCase.deliberate) expect(theirs[0]!.status).toBe(restCase.deliberate.google);
      else expect(comparable(ours)).toEqual(comparable(theirs));
    });
  }
});

if (!googleAvailable())
  it.skip(`differential (REST) against Google's emulator: skipped, no jar at ${GOOGLE_EMULATOR_JAR}`, () => {});
