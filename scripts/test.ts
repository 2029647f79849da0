/**
 * `npm test`: every suite of the project, one after the other (2-core machines), each starting
 * and stopping the emulators it needs. Prints one summary line at the end and exits non-zero
 * when anything failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, webBuildEnv } from './stack.ts';
import { TEST_PORTS } from '../tests/support/test-stack.ts';

interface Suite {
  name: string;
  cwd: string;
  runner: 'vitest' | 'playwright';
  /** Serves the built functions and web app through the emulators. */
  servesBuild?: boolean;
}

const SUITES: Suite[] = [
  { name: 'domain', cwd: 'domain', runner: 'vitest' },
  { name: 'functions', cwd: 'functions', runner: 'vitest' },
  { name: 'web', cwd: 'web', runner: 'vitest' },
  { name: 'firestore emulator', cwd: 'emulators/firestore', runner: 'vitest' },
  { name: 'stripe double', cwd: 'emulators/stripe', runner: 'vitest' },
  { name: 'stack (API)', cwd: 'tests', runner: 'vitest', servesBuild: true },
  { name: 'end to end', cwd: 'tests', runner: 'playwright', servesBuild: true },
];

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const reportDir = join(ROOT, 'tests/.runtime/reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const only = process.argv.slice(2);
const selected = SUITES.filter(
  (suite) => only.length === 0 || only.some((name) => suite.name.includes(name)),
);

// The stack suites serve what was built: build it fresh so they never test a stale bundle.
for (const workspace of selected.some((suite) => suite.servesBuild) ? ['functions', 'web'] : []) {
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: ROOT,
    stdio: 'inherit',
    // The web app is served by the test stack, so it talks to that stack's emulators.
    env: { ...process.env, ...(workspace === 'web' ? webBuildEnv(TEST_PORTS) : {}) },
  });
  if (build.status !== 0) {
    console.log(`tests: 0 passed, 1 failed, 0 skipped (the ${workspace} build failed)`);
    process.exit(1);
  }
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const broken: string[] = [];

for (const suite of selected) {
  console.log(`\n=== ${suite.name} ===`);
  const report = join(reportDir, `${suite.name.replace(/\W+/g, '-')}.json`);
  const bin = join(ROOT, 'node_modules/.bin', suite.runner);
  const args =
    suite.runner === 'vitest'
      ? ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
      : ['test', '--reporter=list,json'];
  const result = spawnSync(bin, args, {
    cwd: join(ROOT, suite.cwd),
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  const counts = existsSync(report) ? readCounts(suite.runner, report) : undefined;
  if (counts) {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  if (result.status !== 0 || !counts || counts.failed > 0) broken.push(suite.name);
}

console.log('');
if (broken.length > 0) console.log(`Suites with failures: ${broken.join(', ')}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(broken.length > 0 ? 1 : 0);

function readCounts(runner: Suite['runner'], file: string): Counts | undefined {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    if (runner === 'vitest') {
      return {
        passed: json.numPassedTests,
        failed: json.numFailedTests,
        skipped: json.numPendingTests + json.numTodoTests,
      };
    }
    const stats = json.stats;
    return {
      passed: stats.expected,
      failed: stats.unexpected + stats.flaky,
      skipped: stats.skipped,
    };
  } catch {
    return undefined;
  }
}
