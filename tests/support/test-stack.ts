/**
 * The whole local stack for the cross-package suites, on ports of its own (so a developer's
 * `npm start` can keep running) and with fresh data copied from emulator-data/.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { provideSeedAuth, ROOT, startStack, type Stack, type StackPorts } from '../../scripts/stack.ts';
import { readSeed, seedStack } from '../../scripts/seed.ts';

export const TEST_PORTS: StackPorts = {
  hosting: 5100,
  functions: 5101,
  auth: 9199,
  hub: 4410,
  logging: 4510,
  firestore: 8180,
};

export async function startTestStack(): Promise<Stack> {
  const stateDir = join(ROOT, 'tests/.runtime/state');
  rmSync(stateDir, { recursive: true, force: true });
  provideSeedAuth(stateDir);
  const stack = await startStack({
    ports: TEST_PORTS,
    stateDir,
    verbose: process.env.VERBOSE === '1',
    log: () => {},
  });
  try {
    await seedStack(stack.env, readSeed());
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}
