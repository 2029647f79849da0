/**
 * `npm run test:invariants -- [--steps N] [--seed N] [--donors N] [--browser-every N]
 * [--keep-going] [--quiet] [--no-build]`: the invariant suite on a stack of its own. Builds the
 * functions and the web app for this run's free ports (as `npm test` does), then runs the suite
 * with every step printed. Without `--seed` a seed is drawn and printed, to replay a failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '@parroquia/testkit/local-stack';
import { suiteStackPorts } from '@parroquia/testkit/stack';
import { buildSuiteSite } from '@parroquia/testkit/suite-site';

const { values } = parseArgs({
  options: {
    steps: { type: 'string', default: '300' },
    seed: { type: 'string' },
    donors: { type: 'string', default: '4' },
    'browser-every': { type: 'string', default: '25' },
    'keep-going': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});

const seed = values.seed ?? String(Math.floor(Math.random() * 2 ** 31));
const donors = Number(values.donors);
if (!Number.isInteger(donors) || donors < 2 || donors > 5) {
  console.error('--donors must be 2..5');
  process.exit(2);
}
console.log(`invariants: seed ${seed}, ${values.steps} steps, ${donors} donors`);

const ports = await suiteStackPorts();
if (!values['no-build']) {
  const built = spawnSync('npm', ['run', 'build', '-w', 'functions'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The site goes where this run's stack serves it (tests/.runtime/site-<port>), as npm test's.
  const site =
    built.status === 0
      ? await buildSuiteSite(ports, join(ROOT, 'tests/.runtime/invariants-web-build.log'))
      : 1;
  if (built.status !== 0 || site !== 0) {
    console.error(`The ${built.status !== 0 ? 'functions' : 'web'} build failed.`);
    process.exit(1);
  }
}

const child = spawn(
  join(ROOT, 'node_modules/.bin/vitest'),
  ['run', '--config', 'invariants/vitest.config.ts'],
  {
    cwd: join(ROOT, 'tests'),
    stdio: 'inherit',
    env: {
      ...process.env,
      INVARIANTS_SEED: seed,
      INVARIANTS_STEPS: values.steps,
      INVARIANTS_DONORS: String(donors),
      INVARIANTS_BROWSER_EVERY: values['browser-every'],
      INVARIANTS_KEEP_GOING: values['keep-going'] ? '1' : '0',
      INVARIANTS_VERBOSE: values.quiet ? '0' : '1',
    },
  },
);
child.once('close', (code) => process.exit(code ?? 1));
