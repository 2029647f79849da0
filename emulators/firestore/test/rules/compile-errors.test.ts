/**
 * Compile errors: our engine refuses what Google's emulator refuses, at the same line and
 * column (its first error), and compiles what it compiles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules } from '../../src/rules/index.ts';
import { COMPILE_ERROR_CASES } from './cases/compile-errors.ts';
import { GOOGLE_EMULATOR_JAR, googleEmulatorInstalled, startGoogleEmulator, type GoogleEmulator } from './support/google-emulator.ts';
import { loadRules, newRulesProjectId } from './support/rest-judge.ts';

describe('compile errors on our engine', () => {
  for (const { name, source, position } of COMPILE_ERROR_CASES) {
    it(name, () => {
      const result = compileRules(source);
      if (position === null) expect(result.ok).toBe(true);
      else expect(result.ok ? null : { line: result.errors[0]!.line, column: result.errors[0]!.column }).toEqual(position);
    });
  }
});

describe.runIf(googleEmulatorInstalled())('compile errors on Google emulator', () => {
  let google: GoogleEmulator;
  beforeAll(async () => {
    google = await startGoogleEmulator();
  }, 90_000);
  afterAll(async () => {
    await google?.stop();
  });
  for (const { name, source, position } of COMPILE_ERROR_CASES) {
    it(name, async () => {
      const response = await loadRules(google.url, newRulesProjectId(), source);
      if (position === null) {
        expect(response.status).toBe(200);
        return;
      }
      expect(response.status).toBe(400);
      const message = ((await response.json()) as { error: { message: string } }).error.message;
      const first = /\nL(\d+):(\d+) /.exec(message);
      expect(first ? { line: Number(first[1]), column: Number(first[2]) } : message).toEqual(position);
    });
  }
});

if (!googleEmulatorInstalled()) {
  it.skip(`compile errors on Google emulator: skipped, no jar at ${GOOGLE_EMULATOR_JAR}`, () => {});
}
