/**
 * The methods of `google.firestore.v1.Firestore` by gRPC path, each with its codec: protobuf
 * bytes <-> messages in the shape the backend takes (PROTO_LOADER_OPTIONS in ../backend.ts).
 */
import type protobuf from 'protobufjs';
import { PROTO_LOADER_OPTIONS, type Msg } from '../backend.ts';
import { firestoreRoot } from '../proto-root.ts';
import type { GrpcMethod } from './server.ts';

export function firestoreMethods(): Map<string, GrpcMethod> {
  const service = firestoreRoot().lookupService('google.firestore.v1.Firestore');
  const methods = new Map<string, GrpcMethod>();
  for (const method of service.methodsArray) {
    const request = method.resolvedRequestType!;
    const response = method.resolvedResponseType!;
    methods.set(`/google.firestore.v1.Firestore/${method.name}`, {
      name: method.name,
      clientStreams: !!method.requestStream,
      decodeRequest: (bytes) => request.toObject(request.decode(bytes), PROTO_LOADER_OPTIONS),
      encodeResponse: (message) => encode(response, message),
    });
  }
  return methods;
}

function encode(type: protobuf.Type, message: Msg): Uint8Array {
  if (Array.isArray(message)) throw new Error(`expected a ${type.name} object, got an array`);
  return type.encode(type.fromObject(message)).finish();
}
