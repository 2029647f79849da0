/**
 * Google's Cloud Firestore emulator (the jar of the Google Cloud CLI), started directly with
 * Java: the reference every rules case is checked against where it is installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { withFreePort } from '@parroquia/testkit/ports';

export const GOOGLE_EMULATOR_JAR =
  process.env.FIRESTORE_JAR ??
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

export function googleEmulatorInstalled(): boolean {
  return existsSync(GOOGLE_EMULATOR_JAR);
}

export interface GoogleEmulator {
  url: string;
  /** The Java process (the bench reads its CPU time). */
  pid: number | undefined;
  stop(): Promise<void>;
}

export interface GoogleEmulatorOptions {
  /**
   * Java's defaults, for a bench that measures it at length. Without it, Java compiles with its
   * quick compiler only and collects garbage on one thread: a suite's few thousand requests end
   * before the optimising compiler pays back (the rules table and the REST differential suite,
   * 75 CPU-seconds to 44, 2026-11-29, 2-core development machine).
   */
  longRunning?: boolean;
}

export function startGoogleEmulator(options: GoogleEmulatorOptions = {}): Promise<GoogleEmulator> {
  // Java names a port taken meanwhile "Address already in use": withFreePort tries another.
  return withFreePort((port) => startGoogleEmulatorOn(port, options));
}

const BRIEF_RUN = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

async function startGoogleEmulatorOn(
  port: number,
  { longRunning = false }: GoogleEmulatorOptions,
): Promise<GoogleEmulator> {
  const child: ChildProcess = spawn(
    'java',
    [
      ...(longRunning ? [] : BRIEF_RUN),
      '-Xmx384m',
      '-Duser.language=en',
      '-cp',
      GOOGLE_EMULATOR_JAR,
      'com.google.cloud.datastore.emulator.firestore.CloudFirestore',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Google's emulator exited: ${output}`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`Google's emulator did not start within 60 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
