/**
 * The rules table: every case is decided by our engine and, where its jar is installed, by
 * Google's emulator (one instance for the whole file); both must give the table's answer
 * (allowed, or the denial message). Compile errors likewise: same refusals, same first position.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules } from '../../src/rules/index.ts';
import { ALL_RULES_CASES } from './cases/index.ts';
import { COMPILE_ERROR_CASES } from './cases/compile-errors.ts';
import { judgeWithEngine } from './support/engine-judge.ts';
import {
  GOOGLE_EMULATOR_JAR,
  googleEmulatorInstalled,
  startGoogleEmulator,
  type GoogleEmulator,
} from './support/google-emulator.ts';
import {
  judgeOverRest,
  lastEvaluationPass,
  loadRules,
  newRulesProjectId,
  type Decision,
} from './support/rest-judge.ts';
import type { RulesCase } from './support/case.ts';
import { emulatorUrl } from '../conformance/support/env.ts';

/** The table states the second evaluation pass (see `lastEvaluationPass`). */
function lastPassOf(decision: Decision): Decision {
  return decision.allowed
    ? decision
    : { allowed: false, message: lastEvaluationPass(decision.message) };
}

function expected(rulesCase: RulesCase): unknown {
  return rulesCase.expect === true
    ? { allowed: true }
    : { allowed: false, message: rulesCase.expect };
}

describe('rules table on our engine', () => {
  it('has at least 300 cases with distinct names', () => {
    const names = new Set(ALL_RULES_CASES.map((rulesCase) => rulesCase.name));
    expect(ALL_RULES_CASES.length).toBeGreaterThanOrEqual(300);
    expect(names.size).toBe(ALL_RULES_CASES.length);
  });
  for (const rulesCase of ALL_RULES_CASES) {
    it(rulesCase.name, () => {
      expect(lastPassOf(judgeWithEngine(rulesCase))).toEqual(expected(rulesCase));
    });
  }
  for (const { name, source, position } of COMPILE_ERROR_CASES) {
    it(`compile: ${name}`, () => {
      const result = compileRules(source);
      if (position === null) expect(result.ok ? null : result.errors).toBeNull();
      else
        expect(
          result.ok ? null : { line: result.errors[0]!.line, column: result.errors[0]!.column },
        ).toEqual(position);
    });
  }
});

if (googleEmulatorInstalled())
  describe('rules table on Google emulator', () => {
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
        expect(lastPassOf(decision)).toEqual(expected(rulesCase));
        // Both evaluation passes, word for word: our engine's whole message is Google's.
        if (!rulesCase.wordingGap) expect(judgeWithEngine(rulesCase)).toEqual(decision);
      });
    }
    for (const { name, source, position } of COMPILE_ERROR_CASES) {
      it(`compile: ${name}`, () => expectCompileOutcome(google.url, source, position));
    }
  });

/** Rules loaded with PUT :securityRules compile (200), or fail at `position` (400 with L:C). */
async function expectCompileOutcome(
  url: string,
  source: string,
  position: (typeof COMPILE_ERROR_CASES)[number]['position'],
): Promise<void> {
  const response = await loadRules(url, newRulesProjectId(), source);
  if (position === null) {
    expect(response.status).toBe(200);
    return;
  }
  expect(response.status).toBe(400);
  const message = ((await response.json()) as { error: { message: string } }).error.message;
  const first = /\nL(\d+):(\d+) /.exec(message);
  expect(first ? { line: Number(first[1]), column: Number(first[2]) } : message).toEqual(position);
}

/** Our emulator (started by the package's global setup) through the same wire as Google's. */
describe('rules table through our emulator (REST)', () => {
  for (const rulesCase of ALL_RULES_CASES) {
    it(rulesCase.name, async () => {
      const decision = await judgeOverRest(emulatorUrl(), rulesCase);
      expect(lastPassOf(decision)).toEqual(expected(rulesCase));
      // The wire adds nothing: both passes exactly as the engine (and Google) word them.
      expect(decision).toEqual(judgeWithEngine(rulesCase));
    });
  }
  for (const { name, source, position } of COMPILE_ERROR_CASES) {
    it(`compile: ${name}`, () => expectCompileOutcome(emulatorUrl(), source, position));
  }
});

if (!googleEmulatorInstalled()) {
  it.skip(`rules table on Google emulator: skipped, no jar at ${GOOGLE_EMULATOR_JAR}`, () => {});
}
