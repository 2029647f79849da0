/**
 * The local stack: our Firestore emulator, the Stripe double, and the Auth, Functions and
 * Hosting emulators of firebase-tools, wired together. Used by `npm start` and by the suites
 * that need the whole stack (they pass their own ports and state folder so they never touch a
 * running `npm start`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  firestoreIndexesFile,
  firestoreRulesFile,
  writeFirebaseConfig,
} from './firebase-config.ts';
import { httpOk, launch, type Managed } from './processes.ts';
import { localSecrets, PROJECT_ID, ROOT } from './project.ts';
import { assertPortsFree, type StackPorts } from './stack-ports.ts';

export interface StackOptions {
  ports: StackPorts;
  /** Folder holding `firestore/` and `firebase/` (the firebase-tools export) between runs. */
  stateDir: string;
  /**
   * The built site Hosting serves, from the project's root: `web/dist` (firebase.json's) unless
   * given; a suite's stack serves one built for its own ports (`suiteSiteDir`).
   */
  siteDir?: string;
  /** Prints the emulators' output. */
  verbose?: boolean;
  log?: (line: string) => void;
}

export interface Stack {
  ports: StackPorts;
  siteUrl: string;
  env: Record<string, string>;
  /** Stops every process; exports their data first when `exportData` is true. */
  stop(options?: { exportData?: boolean }): Promise<void>;
  /**
   * Starts the Stripe double again, holding nothing: for suites that share a stack, so that no
   * session of the last one expires, and no event of it is sent, into the next one's data.
   */
  restartStripeDouble(): Promise<void>;
}

/** What a process needs in its environment to talk to the stack on `ports`. */
export function stackEnv(ports: StackPorts): Record<string, string> {
  return {
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    GCLOUD_PROJECT: PROJECT_ID,
    STRIPE_DOUBLE_URL: `http://127.0.0.1:${ports.stripe}`,
  };
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const { ports, stateDir } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  await assertPortsFree(ports);

  const firestoreState = join(stateDir, 'firestore');
  const firebaseState = join(stateDir, 'firebase');
  mkdirSync(firestoreState, { recursive: true });
  mkdirSync(firebaseState, { recursive: true });

  const env = stackEnv(ports);
  const children: Managed[] = [];
  const stop = async ({ exportData = false } = {}) => {
    // firebase-tools first: its functions may still be talking to Firestore.
    for (const child of [...children].reverse()) await child.stop(exportData);
  };
  let stripe: Managed | undefined;
  const restartStripeDouble = async () => {
    if (stripe) {
      await stripe.stop(false);
      children.splice(children.indexOf(stripe), 1);
    }
    stripe = launchStripeDouble(ports, options);
    children.push(stripe);
    await stripe.waitFor(() => httpOk(`http://127.0.0.1:${ports.stripe}/`));
  };

  try {
    const firestore = launch(
      'firestore',
      [
        ...firestoreNodeFlags(),
        firestoreBundle(),
        '--rules',
        firestoreRulesFile(),
        '--indexes',
        firestoreIndexesFile(),
        '--port',
        String(ports.firestore),
        '--host',
        '127.0.0.1',
        '--import',
        firestoreState,
        '--export-on-exit',
        firestoreState,
      ],
      { ...process.env, ...env },
      options,
    );
    children.push(firestore);
    await firestore.waitFor(() => httpOk(`http://127.0.0.1:${ports.firestore}/`));

    await restartStripeDouble();

    const configPath = writeFirebaseConfig(ports, options.siteDir);
    const hasImport = existsSync(join(firebaseState, 'firebase-export-metadata.json'));
    const firebase = launch(
      'firebase',
      [
        // No `X-Powered-By` from the emulators' own express apps (see the file).
        '--require',
        join(ROOT, 'testkit/src/local-stack/emulator-headers.cjs'),
        // The Auth emulator's validators compiled on first use (see the file).
        '--require',
        join(ROOT, 'testkit/src/local-stack/auth-emulator-lazy-schemas.cjs'),
        join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'),
        'emulators:start',
        '--only',
        'auth,functions,hosting',
        '--project',
        PROJECT_ID,
        '--config',
        configPath,
        ...(hasImport ? ['--import', firebaseState] : []),
        '--export-on-exit',
        firebaseState,
      ],
      {
        ...process.env,
        FIRESTORE_EMULATOR_HOST: env.FIRESTORE_EMULATOR_HOST!,
        ...stripeClientEnv(ports),
        // Keeps firebase-tools from asking questions or phoning home.
        CI: 'true',
        // Seconds firebase-tools waits for the functions' code to load and list its functions
        // (30 by default). On a busy 2-core machine loading `functions/lib` alone took 8 s and
        // the stack failed with "Failed to load function"; a slow start is better than none.
        FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '120',
      },
      options,
    );
    children.push(firebase);
    await firebase.waitFor(() => firebase.output.includes('All emulators ready'));
    await protectAgainstEmailEnumeration(ports);
    const siteUrl = `http://localhost:${ports.hosting}`;
    await firebase.waitFor(() => httpOk(`http://127.0.0.1:${ports.hosting}/api/cells/`));
    await warmApiWorkers(ports);
    log(`stack ready: ${siteUrl}`);
    return { ports, siteUrl, env, stop, restartStripeDouble };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The Functions emulator serves one request per worker process and starts a new one, loading
 * the whole API, for a request that finds none idle (Cloud Functions serves many at once). A
 * page asks several things at once: its first visit waited seconds for workers to start (the
 * first success page 12 s on a busy machine). A few are started here, before anyone asks.
 */
const WARM_API_WORKERS = 3;

async function warmApiWorkers(ports: StackPorts): Promise<void> {
  // Unknown to the API (404): loads it without reading a document.
  const url = `http://127.0.0.1:${ports.hosting}/api/warm-up/`;
  await Promise.all(
    Array.from({ length: WARM_API_WORKERS }, () =>
      fetch(url, { signal: AbortSignal.timeout(120_000) }).then(
        (response) => response.body?.cancel(),
        () => undefined,
      ),
    ),
  );
}

/**
 * Production's Auth has email enumeration protection on (docs/deploy.md): sign-in answers one
 * error for a wrong password and an unknown address, the reset answers alike, and `createAuthUri`
 * lists no sign-in methods. The Auth emulator has the same switch in its project config, off
 * unless set; set here, after every start, so the local site behaves as production does.
 */
async function protectAgainstEmailEnumeration(ports: StackPorts): Promise<void> {
  const response = await fetch(
    `http://127.0.0.1:${ports.auth}/emulator/v1/projects/${PROJECT_ID}/config`,
    {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
    },
  );
  if (!response.ok) {
    throw new Error(
      `the Auth emulator refused its config: ${response.status} ${await response.text()}`,
    );
  }
}

/** The V8 flags our Firestore emulator runs with (emulators/firestore/README.md, "Memory"). */
function firestoreNodeFlags(): string[] {
  return JSON.parse(
    readFileSync(join(ROOT, 'emulators/firestore/node-flags.json'), 'utf8'),
  ) as string[];
}

/** Our Firestore emulator as one prebuilt file for plain node, rebuilt when its sources changed. */
function firestoreBundle(): string {
  const folder = join(ROOT, 'emulators/firestore');
  const build = spawnSync(process.execPath, ['build.mjs', '--if-stale'], {
    cwd: folder,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the Firestore emulator bundle did not build');
  return join(folder, 'dist/firestore-emulator.mjs');
}

/**
 * The Stripe test double (emulators/stripe), posting its events to the webhook through Hosting
 * and signing them with the secret the functions read from `functions/.secret.local`.
 */
function launchStripeDouble(ports: StackPorts, options: StackOptions): Managed {
  const cli = join(ROOT, 'emulators/stripe/src/cli.ts');
  const webhookUrl = `http://127.0.0.1:${ports.hosting}/api/payments/webhook/`;
  const args = [
    '--import',
    'tsx',
    cli,
    '--port',
    String(ports.stripe),
    '--webhook-url',
    webhookUrl,
  ];
  const secret = localSecrets().STRIPE_WEBHOOK_SECRET ?? '';
  return launch('stripe', args, { ...process.env, STRIPE_WEBHOOK_SECRET: secret }, options);
}

/**
 * Points the functions' stripe SDK at the double, the success/cancel URLs at the site, and gives
 * the donor e-mails their sender's address.
 */
function stripeClientEnv(ports: StackPorts): Record<string, string> {
  return {
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(ports.stripe),
    STRIPE_API_PROTOCOL: 'http',
    SITE_URL: `http://localhost:${ports.hosting}`,
    // The donor e-mails' sender (functions/src/adapters/mail-sender.ts).
    MAIL_FROM_ADDRESS: 'no-reply@parroquia.test',
    // Where a donor's answer goes: the parish, not the no-reply sender.
    MAIL_REPLY_TO: 'parroquia@parroquia.test',
  };
}
