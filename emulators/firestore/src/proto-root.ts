/**
 * The one protobufjs reflection of google.firestore.v1, shared by the gRPC side (its method
 * codecs, grpc/methods.ts) and the HTTP side (proto3 JSON conversion), built on first use.
 */
import protobuf from 'protobufjs';
import { firestoreV1Descriptor } from './protos.ts';

let rootCache: protobuf.Root | undefined;

export function firestoreRoot(): protobuf.Root {
  if (!rootCache) {
    const root = protobuf.Root.fromJSON(firestoreV1Descriptor());
    addVerifyField(root);
    root.resolveAll();
    rootCache = root;
  }
  return rootCache;
}

/**
 * The web SDK sends `Write.verify` (field 5 of the `operation` oneof: a precondition check
 * without a change, used by transactions for documents read but not written). The public protos
 * shipped with @google-cloud/firestore lack it; add it so it reaches the core.
 */
function addVerifyField(root: protobuf.Root): void {
  const write = root.lookupType('google.firestore.v1.Write');
  if (write.fields['verify']) return;
  const verify = new protobuf.Field('verify', 5, 'string');
  write.add(verify);
  write.oneofs['operation']?.add(verify);
}
