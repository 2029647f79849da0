/**
 * The emulator processes a bench starts: spawned with the project's node, timed from spawn to
 * the first accepted TCP connection, and all stopped by `stopAll` (the bench never leaves one
 * running).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@parroquia/testkit/ports';

const here = path.dirname(fileURLToPath(import.meta.url));
export const pkgDir = path.resolve(here, '..');
export const repoRoot = path.resolve(pkgDir, '../..');
export const NODE = path.join(repoRoot, 'node_modules/.bin/node');
export const HOST = '127.0.0.1';
/** The V8 flags `npm start` (testkit/src/local-stack/start.ts, package.json) runs the bundle with. */
export const BUNDLE_FLAGS = JSON.parse(
  readFileSync(path.join(pkgDir, 'node-flags.json'), 'utf8'),
) as string[];

const children = new Set<ChildProcess>();

export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The bundle `npm start` runs (build.mjs), built fresh for the figures; undefined if it fails. */
export function bundleCli(): string | undefined {
  const built = spawnSync(NODE, ['build.mjs'], { cwd: pkgDir, stdio: 'inherit' });
  if (built.status !== 0) return undefined;
  return path.join(pkgDir, 'dist', 'firestore-emulator.mjs');
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: HOST });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    children.delete(child);
    return;
  }
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(t);
  children.delete(child);
}

export interface Started {
  child: ChildProcess;
  port: number;
  connectMs: number;
  readyMs: number;
}

/** Spawns the emulator and measures process start -> TCP accept (and -> "ready" line). */
export async function startEmulator(
  argv: string[],
  onAccept?: (port: number, t0: number) => Promise<void>,
): Promise<Started> {
  const port = await freePort(HOST);
  const t0 = now();
  const child = spawn(NODE, [...argv, '--host', HOST, '--port', String(port)], {
    cwd: pkgDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIRESTORE_EMULATOR_HOST: '' },
  });
  children.add(child);
  let out = '';
  let readyMs = NaN;
  const onData = (b: Buffer) => {
    out += b.toString();
    if (Number.isNaN(readyMs) && /Firestore emulator ready on/.test(out)) readyMs = now() - t0;
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  let connectMs = NaN;
  const deadline = t0 + 30_000;
  while (now() < deadline) {
    if (child.exitCode !== null) throw new Error(`emulator exited with ${child.exitCode}:\n${out}`);
    if (await canConnect(port)) {
      connectMs = now() - t0;
      await onAccept?.(port, t0);
      break;
    }
    await sleep(2);
  }
  if (Number.isNaN(connectMs)) {
    await stopChild(child);
    throw new Error(`emulator did not accept a TCP connection on ${port} within 30 s:\n${out}`);
  }
  // Give the ready line a moment if the socket was accepted first.
  for (let i = 0; i < 100 && Number.isNaN(readyMs); i++) await sleep(10);
  return { child, port, connectMs, readyMs };
}

/** Stops every emulator still running. */
export async function stopAll(): Promise<void> {
  for (const c of [...children]) await stopChild(c).catch(() => {});
}
