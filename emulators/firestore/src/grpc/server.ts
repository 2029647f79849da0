/**
 * A gRPC server on node's own HTTP/2 (h2c with prior knowledge), for one service. node:http2 is
 * loaded when the first gRPC client connects: an emulator that only serves browsers (WebChannel
 * and REST over HTTP/1.1) never pays for it.
 */
import type { IncomingHttpHeaders, Http2Server, Http2Session, ServerHttp2Stream } from 'node:http2';
import type net from 'node:net';
import { Code } from '../backend.ts';
import {
  Http2GrpcCall,
  type GrpcCall,
  type MessageCodec,
  type StreamingCall,
  type WireMessage,
} from './call.ts';

export interface GrpcMethod extends MessageCodec {
  /** The method's name in the service, e.g. `Commit`. */
  name: string;
  /** The client streams its requests (bidirectional methods). */
  clientStreams: boolean;
}

/** The implementation of a service, by method name. */
export interface GrpcImplementation {
  /** Methods whose client sends one request: unary and server streaming. */
  single: Record<string, (request: WireMessage, call: GrpcCall) => void>;
  /** Methods whose client streams its requests. */
  streaming: Record<string, (call: StreamingCall) => void>;
}

export interface GrpcServer {
  /** Serves a connection whose first bytes (the HTTP/2 preface) were peeked and put back. */
  accept(socket: net.Socket): void;
  close(): void;
}

/**
 * `methods` by path (`/google.firestore.v1.Firestore/Commit`); a method of `methods` without an
 * implementation answers UNIMPLEMENTED, as does an unknown path.
 */
export function createGrpcServer(
  methods: ReadonlyMap<string, GrpcMethod>,
  implementation: GrpcImplementation,
): GrpcServer {
  const sessions = new Set<Http2Session>();
  let loading: Promise<Http2Server> | undefined;
  let closed = false;

  const onStream = (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) => {
    stream.on('error', () => {});
    const contentType = headers['content-type'] ?? '';
    if (headers[':method'] !== 'POST' || !contentType.startsWith('application/grpc')) {
      stream.respond({ ':status': 415 }, { endStream: true });
      return;
    }
    const path = headers[':path'] ?? '';
    const method = methods.get(path);
    const call = new Http2GrpcCall(stream, headers, method ?? NO_CODEC);
    if (!method) return call.fail(unimplemented(`Method not found: ${path}`));
    if (method.clientStreams) {
      const handler = implementation.streaming[method.name];
      if (!handler)
        return call.fail(unimplemented(`${method.name} is not implemented by this emulator`));
      return handler(call);
    }
    const handler = implementation.single[method.name];
    if (!handler)
      return call.fail(unimplemented(`${method.name} is not implemented by this emulator`));
    const requests: WireMessage[] = [];
    call.onMessage((request) => requests.push(request));
    call.onHalfClose(() => {
      if (requests.length === 1) handler(requests[0]!, call);
      else {
        const problem = requests.length ? 'more than one request' : 'no request';
        call.fail({ code: Code.INTERNAL, message: `${method.name} received ${problem}` });
      }
    });
  };

  const load = async (): Promise<Http2Server> => {
    const http2 = await import('node:http2');
    // maxSessionMemory (MB) bounds what one client connection may have outstanding; node's
    // default of 10 would refuse streams of an Admin SDK that runs many calls at once.
    const server = http2.createServer({ maxSessionMemory: 1024 });
    server.on('stream', onStream);
    server.on('session', (session) => {
      if (closed) return session.destroy();
      sessions.add(session);
      session.on('close', () => sessions.delete(session));
      session.on('error', () => {});
    });
    return server;
  };

  return {
    accept(socket) {
      loading ??= load();
      loading.then(
        (server) => {
          if (closed) return socket.destroy();
          // The socket itself, so node's HTTP/2 reads its handle natively (a JS Duplex around it
          // made every frame cross a JS stream: a third of a batch load's time). The peeked
          // bytes given back with unshift are still read: an Http2Session first receives what
          // its socket holds buffered (node issues 34532, 35475).
          server.emit('connection', socket);
        },
        () => socket.destroy(),
      );
    },
    close() {
      closed = true;
      for (const session of sessions) session.destroy();
      sessions.clear();
    },
  };
}

function unimplemented(message: string) {
  return { code: Code.UNIMPLEMENTED, message };
}

const NO_CODEC: MessageCodec = {
  decodeRequest: () => ({}),
  encodeResponse: () => new Uint8Array(),
};
