/**
 * `npm start`: builds the site and the functions, starts the local stack with the data left by
 * the previous run (or the seed data of emulator-data/ the first time), seeds the plot layout,
 * and prints the site's address. Ctrl-C exports the data and stops every process it started.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  DEFAULT_PORTS,
  ROOT,
  provideSeedAuth,
  readSeed,
  seedStack,
  startStack,
  webBuildEnv,
} from '@parroquia/testkit/local-stack';
import { warnUnsetParishDetails } from './parish-config.ts';
import { startLocalMail } from './local-mail.ts';

const STATE_DIR = join(ROOT, '.emulator-state');

function run(title: string, args: string[], env: Record<string, string> = {}) {
  console.log(`> ${title}`);
  const result = spawnSync('npm', args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`${title} failed.`);
    process.exit(result.status ?? 1);
  }
}

async function main() {
  run('building the functions', ['run', 'build', '-w', 'functions']);
  run('building the web app', ['run', 'build', '-w', 'web'], webBuildEnv(DEFAULT_PORTS));
  warnUnsetParishDetails();
  // The first run starts from the committed seed; later runs from what the last one exported.
  provideSeedAuth(STATE_DIR);
  console.log('> starting the emulators (Firestore, Auth, Functions, Hosting)');
  const stack = await startStack({
    ports: DEFAULT_PORTS,
    stateDir: STATE_DIR,
    verbose: process.env.VERBOSE === '1',
  });
  const seeded = await seedStack(stack.env, readSeed());
  console.log(
    `> seed: ${seeded.cellsCreated} plots created, ${seeded.usersCreated} demo profiles created`,
  );
  const mail = await startLocalMail(stack.env);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n> saving the data and stopping the emulators...');
    await mail.stop();
    await stack.stop({ exportData: true });
    console.log(`> data saved in ${STATE_DIR}`);
    process.exit(0);
  };
  // A failed stop is said and ends the process, rather than an unhandled rejection.
  const onSignal = () => {
    shutdown().catch((error: unknown) => {
      console.error('> stopping failed:', error);
      process.exit(1);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  console.log(`
  The site is running on ${stack.siteUrl}
  E-mails it sends (receipts, reminders, password resets): ${mail.inboxUrl}

  Demo accounts (local emulators only):
    staff@parroquia.test / Personal-2026   (staff)
    ana@parroquia.test   / Donante-2026    (donor)
    ion@parroquia.test   / Donator-2026    (donor, anonymous, privacy policy not yet accepted)

  Press Ctrl-C to stop; the data is kept for the next "npm start".
`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
