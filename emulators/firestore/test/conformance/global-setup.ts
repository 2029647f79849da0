/**
 * vitest globalSetup: if FIRESTORE_EMULATOR_HOST is set, the conformance suite runs against that
 * emulator (e.g. Google's). Otherwise start ours in-process on a free port and
 * hand its address to the workers; stop it at teardown.
 * A failure to start is provided to the workers (and reported by the conformance tests) rather
 * than thrown, so unrelated unit tests in this package still run.
 */
import type { TestProject } from 'vitest/node';
import { withFreePort } from '@parroquia/testkit/ports';
import './support/env.ts'; // ProvidedContext typing

export default async function setup(project: TestProject) {
  const external = process.env.FIRESTORE_EMULATOR_HOST;
  if (external) {
    project.provide('firestoreEmulatorHost', external);
    project.provide('firestoreEmulatorError', '');
    return;
  }
  const host = '127.0.0.1';
  try {
    const { start } = (await import('../../src/server.ts')) as {
      start(o: {
        port?: number;
        host?: string;
        quiet?: boolean;
      }): Promise<{ port: number; host: string; stop(): Promise<void> }>;
    };
    const emu = await withFreePort(
      (port) => start({ port, host, quiet: !process.env.CONFORMANCE_DEBUG }),
      host,
    );
    const address = `${host}:${emu.port}`;
    process.env.FIRESTORE_EMULATOR_HOST = address;
    project.provide('firestoreEmulatorHost', address);
    project.provide('firestoreEmulatorError', '');
    return async () => {
      await emu.stop();
    };
  } catch (e) {
    project.provide('firestoreEmulatorHost', '');
    project.provide('firestoreEmulatorError', String((e as Error)?.stack ?? e));
  }
}
