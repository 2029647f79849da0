/**
 * `npm test`: every suite of the project. Lanes run at once (2-core machines), each ending at
 * about the same time:
 * - the first serves the built site through a suite stack of its own (ports A): the API suite,
 *   then the first half of the browser journeys;
 * - the second runs the workspaces' suites (domain, functions, web), then the other half of the
 *   journeys through a second stack (ports B);
 * - the third runs the invariants on the second stack while the second lane's first suites need
 *   none; the rules', the test kit's and the Stripe double's suites once those have ended; then
 *   the Firestore emulator's once the API suite has ended (beside it, that one would slow the
 *   API suite's timing-sensitive cases).
 * Each stack is started once, for the first suite on it, and reset to the seed for each next one
 * (`resetTestStack`).
 * The functions are built once; the web app once per stack, into that stack's own folder
 * (`suiteSiteDir`), never `web/dist`. Each suite's output is printed in one block when it ends,
 * with its time. Ends with what failed (each failed test and the start of its error) and one
 * summary line, also kept in `tests/.runtime/reports/summary.txt`; exits non-zero when anything
 * failed.
 */
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './local-stack/project.ts';
import type { StackPorts } from './local-stack/stack-ports.ts';
import type { Stack } from './local-stack/start.ts';
import {
  chooseStackPorts,
  resetTestStack,
  SHARED_STACK_ENV,
  STACK_PORTS_ENV,
  startTestStack,
  suiteStackPorts,
} from './stack.ts';
import { failureDigest } from './failure-digest.ts';
import { buildSuiteSite } from './suite-site.ts';

/** A suite that runs longer than this is stopped and counted as failed: CI must never hang. */
const SUITE_TIMEOUT_MS = 25 * 60_000;

type StackName = 'A' | 'B';

interface Suite {
  name: string;
  cwd: string;
  runner: 'vitest' | 'playwright';
  /** The lane it runs in, in the order listed. */
  lane: 1 | 2 | 3;
  /** Serves the built functions and web app through the suite stack of these ports. */
  stack?: StackName;
  /** Which half of the browser journeys (`E2E_FIRST_HALF`, and every other spec). */
  half?: 1 | 2;
  /** A vitest config other than the folder's default, relative to `cwd`. */
  config?: string;
  /**
   * Starts only once this suite has ended (or is not selected): for suites heavy enough to make
   * the other's timing-sensitive tests (the 50-donor race on the Functions emulator) time out,
   * or whose lane would otherwise load the machine when it is busiest.
   */
  after?: string;
}

/**
 * The journeys of the first half: longer than the others by about what the workspaces' suites
 * take less than the API suite, so that the first two lanes end together (a full run's times,
 * 2026-11-29: map 110 s, routes 102 s, certificate 40 s, …); every spec not named here is in the
 * second half, so a new spec always runs. Playwright's `--shard` splits by count and left one
 * half twice the other.
 */
const E2E_FIRST_HALF = [
  'routes',
  'map',
  'staff-actions',
  'staff-donors',
  'staff-ledger',
  'staff',
  'staff-month-close',
  'staff-reservations',
  'parish-details',
  'certificate',
  'mail',
].map((name) => `e2e/${name}.spec.ts`);

/** The spec files of one half, as paths Playwright takes for a filter. */
function e2eHalf(half: 1 | 2): string[] {
  if (half === 1) return E2E_FIRST_HALF;
  return readdirSync(join(ROOT, 'tests/e2e'))
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => `e2e/${file}`)
    .filter((file) => !E2E_FIRST_HALF.includes(file));
}

const SUITES: Suite[] = [
  // Lane 1: the first stack's suites.
  { name: 'stack (API)', cwd: 'tests', runner: 'vitest', lane: 1, stack: 'A' },
  {
    name: 'end to end (1/2)',
    cwd: 'tests',
    runner: 'playwright',
    lane: 1,
    stack: 'A',
    half: 1,
  },
  // Lane 2: the workspaces' own suites, then the journeys' second half on the second stack,
  // which the invariants (lane 3) used first.
  { name: 'domain', cwd: 'domain', runner: 'vitest', lane: 2 },
  { name: 'functions', cwd: 'functions', runner: 'vitest', lane: 2 },
  { name: 'web', cwd: 'web', runner: 'vitest', lane: 2 },
  {
    name: 'end to end (2/2)',
    cwd: 'tests',
    runner: 'playwright',
    lane: 2,
    stack: 'B',
    half: 2,
    after: 'invariants (stack)',
  },
  // Lane 3: the invariants on the second stack while the workspaces' suites run (it serves no
  // journey yet); the rules', the test kit's and the Stripe double's suites once those have
  // ended; the Firestore emulator's once the API suite has ended.
  {
    name: 'invariants (stack)',
    cwd: 'tests',
    runner: 'vitest',
    lane: 3,
    stack: 'B',
    config: 'invariants/vitest.config.ts',
  },
  {
    name: 'rules (firestore.rules)',
    cwd: 'tests',
    runner: 'vitest',
    lane: 3,
    config: 'rules/vitest.config.ts',
    after: 'web',
  },
  { name: 'testkit', cwd: 'testkit', runner: 'vitest', lane: 3 },
  { name: 'stripe double', cwd: 'emulators/stripe', runner: 'vitest', lane: 3 },
  {
    name: 'firestore emulator',
    cwd: 'emulators/firestore',
    runner: 'vitest',
    lane: 3,
    after: 'stack (API)',
  },
];

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const reportDir = join(ROOT, 'tests/.runtime/reports');
// Node's compile cache for every process of the run (Node 22): each of the many Node processes
// (vitest's workers, the Functions emulator's workers, each loading the whole API, the command
// lines the suites run) compiles the same modules again without it.
process.env.NODE_COMPILE_CACHE ??= join(ROOT, 'tests/.runtime/node-compile-cache');
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
/** What failed in each broken suite, in a few lines (`failureDigest`). */
const digests: string[] = [];

/**
 * The suite stacks, one per set of ports: started for the first suite that needs it, reset to
 * the seed for each next one (a start costs about 25 s of CPU on a busy machine, a reset about
 * 3), stopped once the last has ended. Two suites never use one at once: a lane runs its suites
 * in turn, and a suite waits for one of another lane on its stack (`after`).
 */
interface StackUse {
  running?: Stack;
  /** The selected suites still to run on it. */
  users: number;
  busy: boolean;
}
const suiteStacks = new Map<StackName, StackUse>();
for (const suite of selected) {
  if (!suite.stack) continue;
  const use = suiteStacks.get(suite.stack) ?? { users: 0, busy: false };
  use.users += 1;
  suiteStacks.set(suite.stack, use);
}

// Ports A are this run's `TEST_STACK_PORTS` (inherited by every process); B are chosen apart.
const portsA = await suiteStackPorts();
const stackPorts: Record<StackName, StackPorts> = { A: portsA, B: await portsApartFrom(portsA) };
const sites = new Map<StackName, Promise<boolean>>();
// What every command of the run starts with: this process's environment before any stack
// started (seeding a stack points this process's Firestore clients at it, through the variable
// `FIRESTORE_EMULATOR_HOST`; a suite must not inherit that).
const commandEnv = { ...process.env };
let functionsBuilt: Promise<boolean> | undefined;

// The suites' process groups running now. Interrupted (Ctrl-C), the run ends them and the
// stacks it started: each runs in a process group of its own, which the signal does not reach.
const runningGroups = new Set<number>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const pid of runningGroups) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    const stops = [...suiteStacks.values()].flatMap((use) => use.running?.stop() ?? []);
    // Exiting is all that is left: the stacks are stopped first, however that goes.
    void Promise.allSettled(stops).then(() => process.exit(130));
  });
}

await Promise.all(
  ([1, 2, 3] as const).map((lane) => runLane(selected.filter((suite) => suite.lane === lane))),
);

const summary = [
  ...(broken.length > 0
    ? ['', 'What failed:', ...digests, '', `Suites with failures: ${broken.join(', ')}`]
    : []),
  `tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`,
].join('\n');
console.log(`\n${summary}`);
// Also kept for `.ci/run`, which prints it again at the very end of its output.
writeFileSync(join(reportDir, 'summary.txt'), `${summary}\n`);
process.exit(broken.length > 0 ? 1 : 0);

/** Free ports for another stack, none of them one of `other`'s (not listening yet). */
async function portsApartFrom(other: StackPorts): Promise<StackPorts> {
  const taken = new Set(Object.values(other));
  for (;;) {
    const ports = await chooseStackPorts();
    if (!Object.values(ports).some((port) => taken.has(port))) return ports;
  }
}

/** The functions (once) and the web app for `stack` (once each), built before its first suite. */
function siteReady(stack: StackName): Promise<boolean> {
  let ready = sites.get(stack);
  if (!ready) {
    const functionsLog = join(reportDir, 'build-functions.log');
    functionsBuilt ??= build('functions', functionsLog, () =>
      runLogged('npm', ['run', 'build', '-w', 'functions'], {
        cwd: ROOT,
        log: functionsLog,
        env: {},
      }),
    );
    const webLog = join(reportDir, `build-web-${stack}.log`);
    ready = functionsBuilt.then(
      (built) =>
        built &&
        build(`web (stack ${stack})`, webLog, () => buildSuiteSite(stackPorts[stack], webLog)),
    );
    sites.set(stack, ready);
  }
  return ready;
}

async function build(what: string, log: string, run: () => Promise<number>): Promise<boolean> {
  const started = Date.now();
  const code = await run();
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`--- built: ${what} (${seconds} s)${code === 0 ? '' : ', FAILED'}`);
  if (code !== 0) {
    console.log(readFileSync(log, 'utf8'));
    total.failed += 1;
  }
  return code === 0;
}

async function runLane(suites: Suite[]): Promise<void> {
  for (const suite of suites) {
    if (suite.after) await ended.get(suite.after);
    // The stack suites serve what was built: built fresh, so they never test a stale bundle.
    if (suite.stack && !(await siteReady(suite.stack))) {
      console.log(`The build failed: ${suite.name} did not run.`);
      await endWithout(suite, 'the build failed (its log is printed above)');
      continue;
    }
    if (suite.stack) {
      const unready = await stackFor(suite.stack);
      if (unready) {
        await endWithout(suite, unready);
        continue;
      }
    }
    const started = Date.now();
    const slug = slugOf(suite);
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
    if (exitCode !== 0 || !counts || counts.failed > 0) {
      broken.push(suite.name);
      digests.push(failureDigest(suite.name, suite.runner, report, log));
    }
    if (suite.stack) await releaseStack(suite.stack);
    endSuite.get(suite.name)?.();
  }
}

/** Ends a suite that could not run (`why`), counted as failed. */
async function endWithout(suite: Suite, why: string): Promise<void> {
  broken.push(suite.name);
  digests.push(`${suite.name}: did not run: ${why}`);
  if (suite.stack) await releaseStack(suite.stack);
  endSuite.get(suite.name)?.();
}

/**
 * Readies `name`'s stack for the next suite on it: reset to the seed when an earlier suite used
 * it, else started now. Resolves to why not (also printed) when neither worked.
 */
async function stackFor(name: StackName): Promise<string | undefined> {
  const use = suiteStacks.get(name)!;
  if (use.busy) {
    const why = `two suites at once on stack ${name}: order them (\`after\`)`;
    console.log(`--- ${why}`);
    return why;
  }
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  try {
    if (use.running) {
      await resetTestStack(use.running);
      console.log(`--- stack ${name} reset to the seed (${seconds()} s)`);
    } else {
      use.running = await startedTwice(name);
      console.log(`--- stack ${name} started (${seconds()} s)`);
    }
    use.busy = true;
    return undefined;
  } catch (error) {
    const why = `stack ${name} did not ${use.running ? 'reset' : 'start'}: ${String(error)}`;
    console.log(`--- ${why}`);
    await use.running?.stop();
    use.running = undefined;
    return why;
  }
}

/**
 * `name`'s stack started; a start that failed is tried once more (its processes stopped first):
 * a start is tens of seconds of emulators on a busy machine, and one that failed should not take
 * the suites of the stack with it. The second failure is the run's.
 */
async function startedTwice(name: StackName): Promise<Stack> {
  try {
    return await startTestStack(stackPorts[name]);
  } catch (error) {
    console.log(`--- stack ${name} did not start, trying once more: ${String(error)}`);
    return startTestStack(stackPorts[name]);
  }
}

/** After a suite on `name`'s stack: the stack stops once no selected suite needs it any more. */
async function releaseStack(name: StackName): Promise<void> {
  const use = suiteStacks.get(name)!;
  use.busy = false;
  use.users -= 1;
  if (use.users > 0) return;
  await use.running?.stop();
  use.running = undefined;
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
      : [
          'test',
          '--reporter=list,json',
          // A folder of its own: Playwright empties its output folder as it starts, and one half
          // starting emptied the folder the other half's running journeys write into (their
          // screenshots, downloads and failures' context were gone at the end of a run).
          `--output=test-results/${slugOf(suite)}`,
          ...(suite.half ? e2eHalf(suite.half) : []),
        ];
  return runLogged(bin, args, {
    cwd: join(ROOT, suite.cwd),
    log,
    env: {
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      ...(suite.stack
        ? { [STACK_PORTS_ENV]: JSON.stringify(stackPorts[suite.stack]), [SHARED_STACK_ENV]: '1' }
        : {}),
    },
  });
}

/** The suite's name as a file name: `end to end (1/2)` is `end-to-end-1-2-`. */
function slugOf(suite: Suite): string {
  return suite.name.replace(/\W+/g, '-');
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
    env: { ...commandEnv, ...options.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  runningGroups.add(child.pid!);
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
      runningGroups.delete(child.pid!);
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
