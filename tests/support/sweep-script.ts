/** `npm run sweep` (scripts/sweep.ts) run against a suite's stack, as a person runs it by hand. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '@parroquia/testkit/local-stack';

/** Runs the sweep with the stack's addresses (`env`: its emulators, its Stripe double); its output. */
export async function runSweepScript(env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(
    join(ROOT, 'node_modules/.bin/tsx'),
    [join(ROOT, 'scripts/sweep.ts')],
    { cwd: ROOT, env: { ...process.env, ...env } },
  );
  return stdout;
}
