/**
 * `npm test`: every suite of the project, each starting and stopping the emulators it needs.
 * Suites run in two lanes at once (2-core machines): the suites that serve the built site through
 * a whole local stack one after the other, everything else one after the other beside them. Each
 * suite's output is printed in one block when it ends. Prints one summary line at the end and
 * exits non-zero when anything failed.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './local-stack/project.ts';
import { webBuildEnv } from './local-stack/web-build-env.ts';
import { suiteStackPorts } from './stack.ts';

/** A suite that runs longer than this is stopped and counted as failed: CI must never hang. */
const SUITE_TIMEOUT_MS = 25 * 60_000;

interface Suite {
  name: string;
  cwd: string;
  runner: 'vitest' | 'playwright';
  /** Serves the built functions and web app through the emulators. */
  servesBuild?: boolean;
  /** A vitest config other than the folder's default, relative to `cwd`. */
  config?: string;
  /**
   * Starts only once this suite has ended (or is not selected): for suites heavy enough to make
   * the other's timing-sensitive tests (the 50-donor race on the Functions emulator) time out.
   */
  after?: string;
}

const SUITES: Suite[] = [
  { name: 'domain', cwd: 'domain', runner: 'vitest' },
  { name: 'functions', cwd: 'functions', runner: 'vitest' },
  { name: 'web', cwd: 'web', runner: 'vitest' },
  { name: 'testkit', cwd: 'testkit', runner: 'vitest' },
  {
    name: 'rules (firestore.rules)',
    cwd: 'tests',
    runner: 'vitest',
    config: 'rules/vitest.config.ts',
  },
  { name: 'stripe double', cwd: 'emulators/stripe', runner: 'vitest' },
  {
    name: 'firestore emulator',
    cwd: 'emulators/firestore',
    runner: 'vitest',
    after: 'stack (API)',
  },
  { name: 'stack (API)', cwd: 'tests', runner: 'vitest', servesBuild: true },
  { name: 'end to end', cwd: 'tests', runner: 'playwright', servesBuild: true },
  {
    name: 'invariants (stack)',
    cwd: 'tests',
    runner: 'vitest',
    servesBuild: true,
    config: 'invariants/vitest.config.ts',
  },
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

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
/** When each selected suite ends (or would have run, for the stack suites of a failed build). */
const ended = new Map<string, Promise<void>>();
const endSuite = new Map<string, () => void>();
for (const suite of selected) {
  ended.set(suite.name, new Promise((done) => endSuite.set(suite.name, done)));
}
const broken: string[] = [];
const stackSuites = selected.filter((suite) => suite.servesBuild);
await Promise.all([
  // The stack suites serve what was built: build it fresh so they never test a stale bundle.
  buildServedWorkspaces(stackSuites).then((built) => (built ? runLane(stackSuites) : undefined)),
  runLane(selected.filter((suite) => !suite.servesBuild)),
]);

console.log('');
if (broken.length > 0) console.log(`Suites with failures: ${broken.join(', ')}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(broken.length > 0 ? 1 : 0);

async function buildServedWorkspaces(suites: Suite[]): Promise<boolean> {
  if (suites.length === 0) return true;
  // Chosen once for this run: the web app is built for them, and the stack suites get them in
  // TEST_STACK_PORTS (set by suiteStackPorts, inherited by every suite's process).
  const stackPorts = await suiteStackPorts();
  for (const workspace of ['functions', 'web']) {
    const log = join(reportDir, `build-${workspace}.log`);
    const code = await runLogged('npm', ['run', 'build', '-w', workspace], {
      cwd: ROOT,
      log,
      // The web app is served by the test stack, so it talks to that stack's emulators.
      env: workspace === 'web' ? webBuildEnv(stackPorts) : {},
    });
    if (code !== 0) {
      console.log(readFileSync(log, 'utf8'));
      console.log(`The ${workspace} build failed: the stack suites did not run.`);
      broken.push(...suites.map((suite) => suite.name));
      for (const suite of suites) endSuite.get(suite.name)?.();
      total.failed += 1;
      return false;
    }
  }
  return true;
}

async function runLane(suites: Suite[]): Promise<void> {
  for (const suite of suites) {
    if (suite.after) await ended.get(suite.after);
    const started = Date.now();
    const slug = suite.name.replace(/\W+/g, '-');
    const report = join(reportDir, `${slug}.json`);
    const log = join(reportDir, `${slug}.log`);
    console.log(`--- started: ${suite.name}`);
    const exitCode = await runSuite(suite, report, log);
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`\n=== ${suite.name} (${seconds} s) ===`);
    console.log(readFileSync(log, 'utf8'));
    const counts = existsSync(report) ? readCounts(suite.runner, report) : undefined;
    if (counts) {
      total.passed += counts.passed;
      total.failed += counts.failed;
      total.skipped += counts.skipped;
    }
    if (exitCode !== 0 || !counts || counts.failed > 0) broken.push(suite.name);
    endSuite.get(suite.name)?.();
  }
}

function runSuite(suite: Suite, report: string, log: string): Promise<number> {
  const bin = join(ROOT, 'node_modules/.bin', suite.runner);
  const args =
    suite.runner === 'vitest'
      ? [
          'run',
          ...(suite.config ? ['--config', suite.config] : []),
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${report}`,
        ]
      : ['test', '--reporter=list,json'];
  return runLogged(bin, args, {
    cwd: join(ROOT, suite.cwd),
    log,
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
}

/** Runs a command with its output in a file; resolves to its exit code. */
function runLogged(
  command: string,
  args: string[],
  options: { cwd: string; log: string; env: Record<string, string> },
): Promise<number> {
  const output = createWriteStream(options.log);
  // Its own process group, so a command that outlives its timeout goes with all it started.
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.pipe(output, { end: false });
  child.stderr.pipe(output, { end: false });
  const timer = setTimeout(() => {
    output.write(`\nStopped after ${SUITE_TIMEOUT_MS / 60_000} minutes.\n`);
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, SUITE_TIMEOUT_MS);
  return new Promise((done) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      output.end(() => done(code ?? 1));
    }),
  );
}

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
