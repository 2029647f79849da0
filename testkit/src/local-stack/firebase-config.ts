/**
 * What firebase.json says, for the processes the stack starts: the rules and indexes files of
 * our Firestore emulator, and a copy of the file with this stack's ports for firebase-tools.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './project.ts';
import { DEFAULT_PORTS, type StackPorts } from './stack-ports.ts';

interface FirebaseJson {
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

/** firebase-tools takes its ports from the config file; the file's folder is the project root. */
export function writeFirebaseConfig(ports: StackPorts): string {
  const base = readFirebaseJson();
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
