/**
 * The web app built for one suite stack: `vite build` with the stack's emulator addresses
 * (`webBuildEnv`) into the stack's own folder (`suiteSiteDir`), never into `web/dist`, which a
 * running `npm start` serves. No type-check here: `npm run check` does it once for the run.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './local-stack/project.ts';
import type { StackPorts } from './local-stack/stack-ports.ts';
import { webBuildEnv } from './local-stack/web-build-env.ts';
import { suiteSiteDir } from './stack.ts';

/** Builds the site for `ports`; resolves to the build's exit code, its output in `log`. */
export function buildSuiteSite(ports: StackPorts, log: string): Promise<number> {
  const output = createWriteStream(log);
  const child = spawn(
    join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--outDir', join(ROOT, suiteSiteDir(ports))],
    {
      cwd: join(ROOT, 'web'),
      env: { ...process.env, ...webBuildEnv(ports), NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.pipe(output, { end: false });
  child.stderr.pipe(output, { end: false });
  return new Promise((done) => child.once('close', (code) => output.end(() => done(code ?? 1))));
}
