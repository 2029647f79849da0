/**
 * The prebuilt bundle as `npm start` runs it: its V8 flags, and node's modules loaded only when
 * needed (emulators/firestore/README.md, "Memory").
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUNDLE = 'dist/firestore-emulator.mjs';
const flags = JSON.parse(fs.readFileSync(path.join(pkgDir, 'node-flags.json'), 'utf8')) as string[];

it('npm start runs the bundle with the V8 flags of node-flags.json', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  expect(pkg.scripts.start).toContain(`node ${flags.join(' ')} ${BUNDLE}`);
});

describe('node modules the bundle loads', () => {
  let dir: string;
  let child: ChildProcess;
  let port: number;
  const lines: string[] = [];

  /** The built-in modules the emulator process has loaded so far. */
  async function loaded(): Promise<string[]> {
    const before = lines.length;
    child.kill('SIGUSR2');
    await until(() => lines.length > before);
    return JSON.parse(lines[before]!) as string[];
  }

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['build.mjs', '--if-stale'], { cwd: pkgDir });
    expect(build.status, String(build.stderr)).toBe(0);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-bundle-'));
    const probe = path.join(dir, 'probe.cjs');
    fs.writeFileSync(
      probe,
      "process.on('SIGUSR2', () => process.stdout.write('MODULES ' + JSON.stringify(process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13))) + '\\n'));",
    );
    child = spawn(process.execPath, [...flags, '--require', probe, BUNDLE, '--port', '0'], {
      cwd: pkgDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      for (const line of parts) {
        const ready = /ready on 127\.0\.0\.1:(\d+)/.exec(line);
        if (ready) port = Number(ready[1]);
        if (line.startsWith('MODULES ')) lines.push(line.slice(8));
      }
    });
    await until(() => port !== undefined);
  });

  afterAll(() => {
    child?.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('idle: neither http nor http2, nor undici, tls or zlib', async () => {
    const modules = await loaded();
    expect(modules).toContain('net');
    for (const absent of ['http', 'http2', 'internal/deps/undici/undici', 'tls', 'zlib'])
      expect(modules, absent).not.toContain(absent);
  });

  it('http2 once a gRPC client has connected, http once an HTTP/1.1 client has', async () => {
    const { initializeApp, deleteApp } = await import('firebase-admin/app');
    const { getFirestore } = await import('firebase-admin/firestore');
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
    const app = initializeApp({ projectId: 'bundle-modules' }, 'bundle-modules');
    try {
      await getFirestore(app).doc('parcelas/A1').set({ estado: 'libre' });
    } finally {
      await deleteApp(app);
      delete process.env.FIRESTORE_EMULATOR_HOST;
    }
    let modules = await loaded();
    expect(modules).toContain('http2');

    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    modules = await loaded();
    expect(modules).toContain('http');
    expect(modules).not.toContain('internal/deps/undici/undici');
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
