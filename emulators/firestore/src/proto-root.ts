/**
 * The one protobufjs reflection of google.firestore.v1, shared by the gRPC side (its method
 * (de)serializers) and the HTTP side (proto3 JSON conversion), built on first use. One copy in
 * memory instead of two (proto-loader's and ours), and no descriptor protos that grpc-js would
 * only need for server reflection.
 */
import protobuf from 'protobufjs';
import type { ServiceDefinition } from '@grpc/grpc-js';
import { PROTO_LOADER_OPTIONS } from './backend.ts';
import { firestoreV1Descriptor } from './protos.ts';

let rootCache: protobuf.Root | undefined;

export function firestoreRoot(): protobuf.Root {
  if (!rootCache) {
    const root = protobuf.Root.fromJSON(firestoreV1Descriptor() as protobuf.INamespace);
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

function serializer(type: protobuf.Type): (value: object) => Buffer {
  return (value) => {
    if (Array.isArray(value)) throw new Error(`expected a ${type.name} object, got an array`);
    return Buffer.from(type.encode(type.fromObject(value)).finish());
  };
}

function deserializer(type: protobuf.Type): (bytes: Buffer) => object {
  return (bytes) => type.toObject(type.decode(bytes), PROTO_LOADER_OPTIONS);
}

/**
 * The grpc-js service definition of `google.firestore.v1.Firestore`, with messages in the shape
 * @grpc/proto-loader gives (PROTO_LOADER_OPTIONS): the same conversion proto-loader does.
 */
export function firestoreServiceDefinition(): ServiceDefinition {
  const service = firestoreRoot().lookupService('google.firestore.v1.Firestore');
  const definition: Record<string, ServiceDefinition[string]> = {};
  for (const method of service.methodsArray) {
    const request = method.resolvedRequestType!;
    const response = method.resolvedResponseType!;
    definition[method.name] = {
      path: `/google.firestore.v1.Firestore/${method.name}`,
      requestStream: !!method.requestStream,
      responseStream: !!method.responseStream,
      requestSerialize: serializer(request),
      requestDeserialize: deserializer(request),
      responseSerialize: serializer(response),
      responseDeserialize: deserializer(response),
      originalName: method.name.charAt(0).toLowerCase() + method.name.slice(1),
    };
  }
  return definition as ServiceDefinition;
}
