/**
 * The rules table: every case is decided by our engine and, where its jar is installed, by
 * Google's emulator; both must give the table's answer (allowed, or the denial message).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RULES_CASES } from './cases/index.ts';
import { judgeWithEngine } from './support/engine-judge.ts';
import {
  GOOGLE_EMULATOR_JAR,
  googleEmulatorInstalled,
  startGoogleEmulator,
  type GoogleEmulator,
} from './support/google-emulator.ts';
import { judgeOverRest, lastEvaluationPass } from './support/rest-judge.ts';
import type { RulesCase } from './support/case.ts';

function expected(rulesCase: RulesCase): unknown {
  return rulesCase.expect === true ? { allowed: true } : { allowed: false, message: rulesCase.expect };
}

describe('rules table on our engine', () => {
  it('has at least 300 cases with distinct names', () => {
    const names = new Set(ALL_RULES_CASES.map((rulesCase) => rulesCase.name));
    expect(ALL_RULES_CASES.length).toBeGreaterThanOrEqual(300);
    expect(names.size).toBe(ALL_RULES_CASES.length);
  });
  for (const rulesCase of ALL_RULES_CASES) {
    it(rulesCase.name, () => {
      expect(judgeWithEngine(rulesCase)).toEqual(expected(rulesCase));
    });
  }
});

describe.runIf(googleEmulatorInstalled())('rules table on Google emulator', () => {
  let google: GoogleEmulator;
  beforeAll(async () => {
    google = await startGoogleEmulator();
  }, 90_000);
  afterAll(async () => {
    await google?.stop();
  });
  for (const rulesCase of ALL_RULES_CASES) {
    it(rulesCase.name, async () => {
      const decision = await judgeOverRest(google.url, rulesCase);
      const comparable = decision.allowed ? decision : { allowed: false, message: lastEvaluationPass(decision.message) };
      expect(comparable).toEqual(expected(rulesCase));
    });
  }
});

if (!googleEmulatorInstalled()) {
  it.skip(`rules table on Google emulator: skipped, no jar at ${GOOGLE_EMULATOR_JAR}`, () => {});
}
