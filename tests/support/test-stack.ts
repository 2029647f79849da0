/**
 * The whole local stack for the cross-package suites, on ports of its own (so a developer's
 * `npm start` can keep running) and with fresh data copied from emulator-data/.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  provideSeedAuth,
  ROOT,
  startStack,
  type Stack,
  type StackPorts,
} from '../../scripts/stack.ts';
import { readSeed, seedStack } from '../../scripts/seed.ts';

/** `TEST_STACK_PORT_OFFSET` moves every port, so two checkouts can run their suites at once. */
const PORT_OFFSET = Number(process.env.TEST_STACK_PORT_OFFSET ?? 0);

export const TEST_PORTS: StackPorts = {
  hosting: 5100 + PORT_OFFSET,
  functions: 5101 + PORT_OFFSET,
  auth: 9199 + PORT_OFFSET,
  hub: 4410 + PORT_OFFSET,
  logging: 4510 + PORT_OFFSET,
  firestore: 8180 + PORT_OFFSET,
  stripe: 12211 + PORT_OFFSET,
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
