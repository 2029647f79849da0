/**
 * The methods of `google.firestore.v1.Firestore` by gRPC path, each with its codec: protobuf
 * bytes <-> messages in the shape the backend takes (PROTO_LOADER_OPTIONS in ../backend.ts).
 * A Commit request keeps the bytes it came as (../wire-bytes.ts), which the journal writes.
 */
import { firestoreRoot } from '../proto-root.ts';
import { rememberWireBytes } from '../wire-bytes.ts';
import { codecOf } from './codec.ts';
import type { GrpcMethod } from './server.ts';

export function firestoreMethods(): Map<string, GrpcMethod> {
  const service = firestoreRoot().lookupService('google.firestore.v1.Firestore');
  const methods = new Map<string, GrpcMethod>();
  for (const method of service.methodsArray) {
    const request = codecOf(method.resolvedRequestType!);
    const response = codecOf(method.resolvedResponseType!);
    methods.set(`/google.firestore.v1.Firestore/${method.name}`, {
      name: method.name,
      clientStreams: !!method.requestStream,
      decodeRequest:
        method.name === 'Commit'
          ? (bytes) => rememberWireBytes(request.decode(bytes), bytes)
          : (bytes) => request.decode(bytes),
      encodeResponse: (message) => response.encode(message),
    });
  }
  return methods;
}
