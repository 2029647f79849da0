/**
 * The local stack: our Firestore emulator plus the Auth, Functions and Hosting emulators of
 * firebase-tools, wired together. Used by `npm start` and by the suites that need the whole
 * stack (they pass their own ports and state folder so they never touch a running `npm start`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PROJECT_ID = 'demo-parroquia';

export interface StackPorts {
  hosting: number;
  functions: number;
  auth: number;
  hub: number;
  logging: number;
  firestore: number;
  stripe: number;
}

/** DESIGN.md 2. */
export const DEFAULT_PORTS: StackPorts = {
  hosting: 5000,
  functions: 5001,
  auth: 9099,
  hub: 4400,
  logging: 4500,
  firestore: 8080,
  stripe: 12111,
};

export interface StackOptions {
  ports: StackPorts;
  /** Folder holding `firestore/` and `firebase/` (the firebase-tools export) between runs. */
  stateDir: string;
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
}

const STARTUP_TIMEOUT_MS = 120_000;

/**
 * What the web build needs to talk to this stack's emulators (web/src/config/env.ts): the
 * standard `connect*Emulator` calls read these at build time.
 */
export function webBuildEnv(ports: StackPorts): Record<string, string> {
  return {
    VITE_USE_EMULATORS: 'true',
    VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.auth}`,
    VITE_FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
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

  const env: Record<string, string> = {
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    GCLOUD_PROJECT: PROJECT_ID,
  };
  const children: Managed[] = [];
  const stop = async ({ exportData = false } = {}) => {
    // firebase-tools first: its functions may still be talking to Firestore.
    for (const child of [...children].reverse()) await child.stop(exportData);
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

    const stripe = launchStripeDouble(ports, options);
    children.push(stripe);
    await stripe.waitFor(() => httpOk(`http://127.0.0.1:${ports.stripe}/`));
    Object.assign(env, { STRIPE_DOUBLE_URL: `http://127.0.0.1:${ports.stripe}` });

    const configPath = writeFirebaseConfig(ports);
    const hasImport = existsSync(join(firebaseState, 'firebase-export-metadata.json'));
    const firebase = launch(
      'firebase',
      [
        // No `X-Powered-By` from the emulators' own express apps (see the file).
        '--require',
        join(ROOT, 'scripts/emulator-headers.cjs'),
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
      },
      options,
    );
    children.push(firebase);
    await firebase.waitFor(() => firebase.output.includes('All emulators ready'));
    const siteUrl = `http://localhost:${ports.hosting}`;
    await firebase.waitFor(() => httpOk(`http://127.0.0.1:${ports.hosting}/api/cells/`));
    log(`stack ready: ${siteUrl}`);
    return { ports, siteUrl, env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The security rules file that firebase.json names (`firestore.rules`). */
function firestoreRulesFile(): string {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    firestore?: { rules?: string };
  };
  return join(ROOT, config.firestore?.rules ?? 'firestore.rules');
}

/**
 * The indexes file that firebase.json names (`firestore.indexes.json`): our emulator refuses a
 * query production could not serve with it, as production does.
 */
function firestoreIndexesFile(): string {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    firestore?: { indexes?: string };
  };
  return join(ROOT, config.firestore?.indexes ?? 'firestore.indexes.json');
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
 * Gives a state folder the committed seed's Auth export (the demo accounts), unless it already
 * holds an export of its own from an earlier run.
 */
export function provideSeedAuth(stateDir: string): void {
  const firebaseState = join(stateDir, 'firebase');
  if (existsSync(join(firebaseState, 'firebase-export-metadata.json'))) return;
  mkdirSync(firebaseState, { recursive: true });
  cpSync(
    join(ROOT, 'emulator-data/firebase-export-metadata.json'),
    join(firebaseState, 'firebase-export-metadata.json'),
  );
  cpSync(join(ROOT, 'emulator-data/auth_export'), join(firebaseState, 'auth_export'), {
    recursive: true,
  });
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

/** Points the functions' stripe SDK at the double, and the success/cancel URLs at the site. */
function stripeClientEnv(ports: StackPorts): Record<string, string> {
  return {
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(ports.stripe),
    STRIPE_API_PROTOCOL: 'http',
    SITE_URL: `http://localhost:${ports.hosting}`,
  };
}

export function localSecrets(): Record<string, string> {
  const text = readFileSync(join(ROOT, 'functions/.secret.local'), 'utf8');
  const pairs = text.split('\n').filter((line) => /^[A-Z_]+=/.test(line));
  return Object.fromEntries(
    pairs.map((line) => [
      line.slice(0, line.indexOf('=')),
      line.slice(line.indexOf('=') + 1).trim(),
    ]),
  );
}

/** firebase-tools takes its ports from the config file; the file's folder is the project root. */
function writeFirebaseConfig(ports: StackPorts): string {
  const base = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    emulators: Record<string, unknown>;
  };
  const isDefault = JSON.stringify(ports) === JSON.stringify(DEFAULT_PORTS);
  if (isDefault) return join(ROOT, 'firebase.json');
  base.emulators = {
    ...base.emulators,
    hub: { host: '127.0.0.1', port: ports.hub },
    auth: { host: '127.0.0.1', port: ports.auth },
    functions: { host: '127.0.0.1', port: ports.functions },
    hosting: { host: '127.0.0.1', port: ports.hosting },
    logging: { host: '127.0.0.1', port: ports.logging },
  };
  const path = join(ROOT, `.firebase.${ports.hosting}.json`);
  writeFileSync(path, JSON.stringify(base, null, 2));
  return path;
}

interface Managed {
  output: string;
  waitFor(ready: () => boolean | Promise<boolean>): Promise<void>;
  stop(exportData: boolean): Promise<void>;
}

function launch(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: StackOptions,
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
      const graceful = await Promise.race([exit.then(() => true), delay(30_000).then(() => false)]);
      if (!graceful) signalGroup(child.pid, 'SIGKILL');
      await Promise.race([exit, delay(5_000)]);
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

async function httpOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function assertPortsFree(ports: StackPorts) {
  for (const [service, port] of Object.entries(ports)) {
    if (await portInUse(port)) {
      throw new Error(
        `Port ${port} (${service}) is already in use. Is another "npm start" or test run still going?`,
      );
    }
  }
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

export function delay(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
