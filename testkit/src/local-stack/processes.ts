/**
 * The stack's child processes: each in its own process group (so Ctrl-C reaches it only through
 * us and its own children go with it), its output kept for startup errors, stopped gracefully
 * (with an export when asked) and killed when it does not go.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from './project.ts';

const STARTUP_TIMEOUT_MS = 120_000;

export interface LaunchOptions {
  /** Prints the process's output, each line prefixed with its name. */
  verbose?: boolean;
}

export interface Managed {
  output: string;
  waitFor(ready: () => boolean | Promise<boolean>): Promise<void>;
  stop(exportData: boolean): Promise<void>;
}

export function launch(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: LaunchOptions,
): Managed {
  // Its own process group, so Ctrl-C reaches it only through us and we can end its children.
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  const exit = new Promise<void>((done) =>
    child.once('exit', () => {
      exited = true;
      done();
    }),
  );
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    if (output.length > 200_000) output = output.slice(-100_000);
    if (options.verbose) process.stdout.write(prefix(name, text));
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  return {
    get output() {
      return output;
    },
    async waitFor(ready) {
      const deadline = Date.now() + STARTUP_TIMEOUT_MS;
      while (Date.now() < deadline) {
        if (exited) throw new Error(`${name} exited during startup:\n${output.slice(-4000)}`);
        if (await ready()) return;
        await delay(150);
      }
      throw new Error(`${name} did not become ready in time:\n${output.slice(-4000)}`);
    },
    async stop(exportData) {
      if (exited || child.pid === undefined) return;
      // firebase-tools runs its --export-on-exit only on SIGINT; SIGTERM is the quick way out.
      signalGroup(child.pid, exportData ? 'SIGINT' : 'SIGTERM');
      const graceful = await exitWithin(exit, 30_000);
      if (!graceful) signalGroup(child.pid, 'SIGKILL');
      await exitWithin(exit, 5_000);
      // Whatever the main process left behind in its group (functions runtimes).
      signalGroup(child.pid, 'SIGKILL');
    },
  };
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

function prefix(name: string, text: string): string {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `[${name}] ${line}\n`)
    .join('');
}

export async function httpOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Whether `exit` came within `ms`. The timer goes with the answer: a pending one kept the test
 * runner's process alive 30 s after every stack had stopped (Vitest's "close timed out").
 */
function exitWithin(exit: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((done) => {
    timer = setTimeout(() => done(false), ms);
  });
  return Promise.race([exit.then(() => true), late]).finally(() => clearTimeout(timer));
}

export function delay(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
