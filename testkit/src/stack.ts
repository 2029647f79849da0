/**
 * The whole local stack for the cross-package suites (`tests/`), on free ports of its own (so a
 * developer's `npm start` can keep running) and with fresh data copied from emulator-data/.
 * `local-stack/start.ts` (which `npm start` runs too) stays the one place that starts the processes.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ID, ROOT } from './local-stack/project.ts';
import { provideSeedAuth, readSeed, reseedAuth, seedStack } from './local-stack/seed.ts';
import type { StackPorts } from './local-stack/stack-ports.ts';
import { stackEnv, startStack, type Stack } from './local-stack/start.ts';
import { portsToListenOnLater } from './ports.ts';

/** How `npm test` hands the ports it chose (JSON of `StackPorts`) to the stack suites. */
export const STACK_PORTS_ENV = 'TEST_STACK_PORTS';

/**
 * Set (to `1`) by `npm test` for a suite whose stack it started itself on `TEST_STACK_PORTS`,
 * serving two suites one after the other (`run-suites.ts`), each finding it as the seed left it
 * (`resetTestStack`).
 */
export const SHARED_STACK_ENV = 'TEST_STACK_SHARED';

const PORT_NAMES = [
  'hosting',
  'functions',
  'auth',
  'hub',
  'logging',
  'firestore',
  'stripe',
] as const;

export async function chooseStackPorts(): Promise<StackPorts> {
  const [hosting, functions, auth, hub, logging, firestore, stripe] = (await portsToListenOnLater(
    PORT_NAMES.length,
  )) as [number, number, number, number, number, number, number];
  return { hosting, functions, auth, hub, logging, firestore, stripe };
}

function parseStackPorts(json: string): StackPorts {
  const value = JSON.parse(json) as Record<string, unknown>;
  for (const name of PORT_NAMES) {
    if (!Number.isInteger(value[name])) {
      throw new Error(`${STACK_PORTS_ENV} has no port for ${name}: ${json}`);
    }
  }
  return value as unknown as StackPorts;
}

/**
 * The ports of this run's test stack: those in `TEST_STACK_PORTS` (`run-suites.ts` chooses
 * them once per `npm test` and builds the web app for them), else free ones chosen now and put
 * into `TEST_STACK_PORTS`, so every process of this run (Playwright's workers, child scripts)
 * agrees on them. A suite run alone that way serves whatever `web/dist` holds, which talks to
 * the ports it was built for (`webBuildEnv`): the API suite does not mind, the browser suites
 * need a build for these ports, so run them through `npm test -- end`.
 */
export async function suiteStackPorts(): Promise<StackPorts> {
  const given = process.env[STACK_PORTS_ENV];
  if (given) return parseStackPorts(given);
  const ports = await chooseStackPorts();
  process.env[STACK_PORTS_ENV] = JSON.stringify(ports);
  return ports;
}

/**
 * The built site a suite stack on `ports` serves (from the project's root): one folder per stack,
 * so two stacks at once, and a running `npm start` (which serves `web/dist`), never share or
 * overwrite one another's build (`run-suites.ts` builds it).
 */
export function suiteSiteDir(ports: StackPorts): string {
  return `tests/.runtime/site-${ports.hosting}`;
}

export async function startTestStack(given?: StackPorts): Promise<Stack> {
  const ports = given ?? (await suiteStackPorts());
  // One data folder per stack: two stacks of one run start side by side.
  const stateDir = join(ROOT, `tests/.runtime/state-${ports.hosting}`);
  rmSync(stateDir, { recursive: true, force: true });
  provideSeedAuth(stateDir);
  const stack = await startStack({
    ports,
    siteDir: suiteSiteDir(ports),
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

/** A suite's stack: what it talks to, and how it lets it go at its end. */
export type SuiteStack = Pick<Stack, 'ports' | 'siteUrl' | 'env' | 'stop'>;

/**
 * The stack of the suite run by this process: the one `npm test` started for it
 * (`SHARED_STACK_ENV`), which the suite leaves running at its end; else one of its own.
 */
export async function suiteStack(): Promise<SuiteStack> {
  if (process.env[SHARED_STACK_ENV] !== '1') return startTestStack();
  const ports = await suiteStackPorts();
  return {
    ports,
    siteUrl: `http://localhost:${ports.hosting}`,
    env: stackEnv(ports),
    stop: async () => {},
  };
}

/**
 * Brings a running suite stack back to the seed between two suites that share it: a Stripe
 * double holding nothing, Firestore emptied, the demo accounts alone in Auth, then the seed
 * data written as at a start. The functions' workers keep running: what they keep in memory
 * (pictures keyed by all they show, fonts) is no one suite's data.
 */
export async function resetTestStack(stack: Stack): Promise<void> {
  await stack.restartStripeDouble();
  const documents = `http://${stack.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
  const cleared = await fetch(documents, { method: 'DELETE' });
  if (!cleared.ok) throw new Error(`the Firestore emulator kept its documents: ${cleared.status}`);
  await reseedAuth(stack.env.FIREBASE_AUTH_EMULATOR_HOST!);
  await seedStack(stack.env, readSeed());
}
