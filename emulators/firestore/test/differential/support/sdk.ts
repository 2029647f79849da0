/**
 * SDK cases: the same step run through firebase-admin, the web SDK in Node and the lite SDK,
 * each pointed at one emulator (ours or Google's). The conformance drivers take the emulator's
 * address from FIRESTORE_EMULATOR_HOST when a client is made, so a client is made with that
 * variable pointing at the emulator under test. The outcome is plain data or an error code.
 */
import { adminDriver } from '../../conformance/drivers/admin.ts';
import { browserDriver } from '../../conformance/drivers/browser.ts';
import { webNodeDriver } from '../../conformance/drivers/web-node.ts';
import {
  DriverError,
  type BatchOp,
  type Client,
  type Data,
  type Driver,
  type QuerySpec,
} from '../../conformance/support/types.ts';
import { liteDriver } from '../drivers/lite.ts';
import { caseProjectId, normalise } from './normalise.ts';

export type SdkName = 'admin' | 'web' | 'lite' | 'browser';

export type SdkStep =
  | { kind: 'query'; collection: string; spec: QuerySpec }
  | { kind: 'count'; collection: string; spec: QuerySpec }
  | { kind: 'listen'; collection: string; spec: QuerySpec }
  | { kind: 'batch'; ops: BatchOp[]; readBack: string }
  | { kind: 'get'; path: string };

export interface SdkCase {
  name: string;
  sdk: SdkName;
  seed?: Record<string, Data>;
  step: SdkStep;
  /** `ok` or the SDK's error code (`invalid-argument` ...). */
  expect: string;
}

const DRIVERS: Record<SdkName, () => Driver> = {
  // Refusals come back at once instead of after gax's blind stream retries (~7 s each).
  admin: () => adminDriver({ retryByCode: true }),
  web: webNodeDriver,
  lite: liteDriver,
  // The web SDK in headless Chromium, over WebChannel (the conformance suite's harness page).
  browser: () => browserDriver({ longPolling: false }),
};

/** One driver per SDK for the whole file (the browser driver starts Chromium once). */
const ready = new Map<SdkName, Promise<Driver>>();

function driverFor(sdk: SdkName): Promise<Driver> {
  let driver = ready.get(sdk);
  if (!driver) {
    const made = DRIVERS[sdk]();
    driver = made.setup().then(() => made);
    ready.set(sdk, driver);
  }
  return driver;
}

export async function closeDrivers(): Promise<void> {
  for (const driver of ready.values()) await (await driver).teardown();
  ready.clear();
}

async function clientAt(sdk: SdkName, hostPort: string, projectId: string): Promise<Client> {
  const driver = await driverFor(sdk);
  const previous = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = hostPort;
  try {
    return await driver.client(projectId);
  } finally {
    process.env.FIRESTORE_EMULATOR_HOST = previous;
  }
}

function firstSnapshotOrError(
  client: Client,
  collection: string,
  spec: QuerySpec,
): Promise<unknown> {
  return client.listenQuery(collection, spec).then(
    (listener) =>
      new Promise((resolve, reject) => {
        const deadline = Date.now() + 15_000;
        const poll = async () => {
          try {
            const events = await listener.events();
            const settled = events.find((event) => !event.fromCache);
            if (settled) {
              await listener.stop();
              return resolve(settled.docs.map((d) => d.id));
            }
          } catch (error) {
            await listener.stop();
            return reject(error);
          }
          if (Date.now() > deadline) {
            await listener.stop();
            return reject(new Error('listener gave neither a snapshot nor an error within 15 s'));
          }
          setTimeout(() => {
            poll().catch(reject);
          }, 20);
        };
        // A listener.stop() that fails rejects the answer instead of leaving it pending forever.
        poll().catch(reject);
      }),
  );
}

async function runStep(client: Client, step: SdkStep): Promise<unknown> {
  switch (step.kind) {
    case 'query':
      return (await client.query(step.collection, step.spec)).map(({ id, data }) => ({ id, data }));
    case 'count':
      return client.count(step.collection, step.spec);
    case 'listen':
      return firstSnapshotOrError(client, step.collection, step.spec);
    case 'batch':
      await client.batch(step.ops);
      return client.get(step.readBack);
    case 'get':
      return client.get(step.path);
  }
}

export interface SdkOutcome {
  code: string;
  value?: unknown;
}

/** An outcome and how long its step took, seen from the client (not compared). */
export interface TimedSdkOutcome {
  outcome: SdkOutcome;
  ms: number;
}

export async function runSdkCase(hostPort: string, sdkCase: SdkCase): Promise<TimedSdkOutcome> {
  const projectId = caseProjectId();
  const client = await clientAt(sdkCase.sdk, hostPort, projectId);
  try {
    if (sdkCase.seed) {
      await client.batch(
        Object.entries(sdkCase.seed).map(([path, data]) => ({ op: 'set', path, data })),
      );
    }
    const started = performance.now();
    const timed = (outcome: SdkOutcome): TimedSdkOutcome => ({
      outcome,
      ms: performance.now() - started,
    });
    try {
      return timed({
        code: 'ok',
        value: normalise(await runStep(client, sdkCase.step), projectId),
      });
    } catch (error) {
      if (error instanceof DriverError) return timed({ code: error.code ?? 'unknown' });
      return timed({ code: `thrown: ${(error as Error).message}` });
    }
  } finally {
    await client.close();
  }
}
