/**
 * The JSON descriptor of google.firestore.v1 shipped with @google-cloud/firestore (not in the
 * package's "exports": located from its main entry). The bundle (build.mjs) inlines it as
 * FIRESTORE_V1_DESCRIPTOR (its JSON text), so the bundled emulator runs from any folder without node_modules.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type protobuf from 'protobufjs';

declare const FIRESTORE_V1_DESCRIPTOR: string | undefined;

/** The descriptor's JSON (protobufjs's namespace form). */
type Descriptor = protobuf.INamespace;

function readFromPackage(): Descriptor {
  const main = createRequire(import.meta.url).resolve('@google-cloud/firestore');
  let dir = path.dirname(main);
  for (let i = 0; i < 4; i++) {
    for (const candidate of [path.join(dir, 'build', 'protos'), path.join(dir, 'protos')]) {
      try {
        return JSON.parse(readFileSync(path.join(candidate, 'v1.json'), 'utf8')) as Descriptor;
      } catch {
        /* try the next place */
      }
    }
    dir = path.dirname(dir);
  }
  throw new Error('google.firestore.v1 JSON descriptor (build/protos/v1.json) not found');
}

/** A fresh copy each call (callers may amend it). */
export function firestoreV1Descriptor(): Descriptor {
  if (typeof FIRESTORE_V1_DESCRIPTOR !== 'undefined')
    return JSON.parse(FIRESTORE_V1_DESCRIPTOR) as Descriptor;
  return readFromPackage();
}
