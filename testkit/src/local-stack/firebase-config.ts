/**
 * What firebase.json says, for the processes the stack starts: the rules and indexes files of
 * our Firestore emulator, and a copy of the file for firebase-tools with this stack's ports and
 * a Content-Security-Policy that also allows this stack's emulators.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addCspSources } from './csp.ts';
import { ROOT } from './project.ts';
import type { StackPorts } from './stack-ports.ts';
import { emulatorSources } from './web-build-env.ts';

interface HeaderRule {
  source?: string;
  headers: Array<{ key: string; value: string }>;
}

interface FirebaseJson {
  hosting: { public?: string; headers?: HeaderRule[] };
  firestore?: { rules?: string; indexes?: string };
  emulators: Record<string, unknown>;
}

function readFirebaseJson(): FirebaseJson {
  return JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as FirebaseJson;
}

/** The security rules file that firebase.json names (`firestore.rules`). */
export function firestoreRulesFile(): string {
  return join(ROOT, readFirebaseJson().firestore?.rules ?? 'firestore.rules');
}

/**
 * The indexes file that firebase.json names (`firestore.indexes.json`): our emulator refuses a
 * query production could not serve with it, as production does.
 */
export function firestoreIndexesFile(): string {
  return join(ROOT, readFirebaseJson().firestore?.indexes ?? 'firestore.indexes.json');
}

/**
 * The firebase.json that firebase-tools runs this stack with (its folder is the project root):
 * the stack's ports, and every Content-Security-Policy header widened by the emulator origins
 * the web app built for this stack talks to, so firebase.json itself names production's only.
 */
export function localFirebaseJson(ports: StackPorts, siteDir?: string): FirebaseJson {
  const config = readFirebaseJson();
  // A suite's stack serves the build made for its own ports, never the one `npm start` serves.
  if (siteDir) config.hosting.public = siteDir;
  config.emulators = {
    ...config.emulators,
    hub: { host: '127.0.0.1', port: ports.hub },
    auth: { host: '127.0.0.1', port: ports.auth },
    functions: { host: '127.0.0.1', port: ports.functions },
    hosting: { host: '127.0.0.1', port: ports.hosting },
    logging: { host: '127.0.0.1', port: ports.logging },
  };
  const sources = emulatorSources(ports);
  for (const rule of config.hosting.headers ?? []) {
    for (const header of rule.headers) {
      if (header.key.toLowerCase() === 'content-security-policy') {
        header.value = addCspSources(header.value, sources);
      }
    }
  }
  return config;
}

/** Writes `localFirebaseJson` beside firebase.json (git ignores it); answers its path. */
export function writeFirebaseConfig(ports: StackPorts, siteDir?: string): string {
  const path = join(ROOT, `.firebase.${ports.hosting}.json`);
  writeFileSync(path, `${JSON.stringify(localFirebaseJson(ports, siteDir), null, 2)}\n`);
  return path;
}
