/**
 * gRPC transport: google.firestore.v1.Firestore (the Admin SDK, and the web SDK in Node) mapped
 * onto the backend, served by ./server.ts on node's HTTP/2.
 */
import type { Caller, FirestoreBackend } from '../backend.ts';
import { callerFromAuthorization } from '../caller.ts';
import { toStatus } from '../errors.ts';
import type { ListenRequest, WriteRequest } from '../proto-types.ts';
import type { GrpcCall, StreamingCall } from './call.ts';
import { firestoreMethods } from './methods.ts';
import { createGrpcServer, type GrpcImplementation, type GrpcServer } from './server.ts';

export type { GrpcServer } from './server.ts';

/** Builds the method table (the protos) now, so that a broken part fails the start. */
export function createFirestoreGrpc(
  backend: FirestoreBackend,
  log: (m: string) => void = console.error,
): GrpcServer {
  return createGrpcServer(firestoreMethods(), createImplementation(backend, log));
}

/** The caller of a gRPC call: its `authorization` header (firebase-admin sends `Bearer owner`). */
function callerOf(call: GrpcCall): Caller {
  return callerFromAuthorization(call.authorization);
}

type Single = GrpcImplementation['single'][string];

function createImplementation(
  backend: FirestoreBackend,
  log: (m: string) => void,
): GrpcImplementation {
  const failWith = (call: GrpcCall) => (e: unknown) => call.fail(toStatus(e, log));
  /**
   * A method answering a list of messages (server streaming), then OK; or its error. Its
   * request was decoded by the reflection of its own request type (methods.ts): it has the
   * shape of `Request`.
   */
  const streaming =
    <Request>(fn: (request: Request, caller: Caller) => Promise<object[]>): Single =>
    (request, call) => {
      attempt(() => fn(request as Request, callerOf(call))).then((responses) => {
        for (const response of responses) call.send(response);
        call.end();
      }, failWith(call));
    };
  /** A method answering one message (an empty one for `void`). */
  const unary = <Request>(fn: (request: Request, caller: Caller) => Promise<object | void>) =>
    streaming<Request>(async (request, caller) => [(await fn(request, caller)) ?? {}]);

  return {
    single: {
      GetDocument: unary(backend.getDocument.bind(backend)),
      ListDocuments: unary(backend.listDocuments.bind(backend)),
      BatchGetDocuments: streaming(backend.batchGetDocuments.bind(backend)),
      BeginTransaction: unary(backend.beginTransaction.bind(backend)),
      Commit: unary(backend.commit.bind(backend)),
      Rollback: unary(backend.rollback.bind(backend)),
      RunQuery: streaming(backend.runQuery.bind(backend)),
      RunAggregationQuery: streaming(backend.runAggregationQuery.bind(backend)),
      ListCollectionIds: unary(backend.listCollectionIds.bind(backend)),
      BatchWrite: unary(backend.batchWrite.bind(backend)),
      CreateDocument: unary(backend.createDocument.bind(backend)),
      UpdateDocument: unary(backend.updateDocument.bind(backend)),
      DeleteDocument: unary(backend.deleteDocument.bind(backend)),
    },
    streaming: {
      Write: (call) => serveWrite(call, backend, log),
      Listen: (call) => serveListen(call, backend, log),
    },
  };
}

/** Runs `fn`, turning a synchronous throw into a rejection. */
function attempt<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return fn();
  } catch (e) {
    return Promise.reject(e);
  }
}

/**
 * The Write stream (the web SDK in Node streams its writes here; the Admin SDK uses Commit): the
 * first request opens it and is answered with a stream id and token, each later one is a commit.
 */
function serveWrite(call: StreamingCall, backend: FirestoreBackend, log: (m: string) => void) {
  const caller = callerOf(call);
  const streamId = randomId();
  let database: string | undefined;
  let seq = 0;
  let failed = false;
  let chain: Promise<void> = Promise.resolve();
  const token = () => Buffer.from(`${streamId}:${++seq}`);
  call.onMessage((message) => {
    const request = message as WriteRequest; // decoded by the reflection of WriteRequest
    chain = chain.then(async () => {
      if (failed || call.cancelled) return;
      try {
        if (database === undefined) {
          database = String(request.database ?? '');
          call.send({ streamId, streamToken: token() });
          if (!request.writes?.length) return;
        }
        const writes = request.writes ?? [];
        if (!writes.length) return; // graceful close: no reply
        const result = await backend.commit({ database, writes }, caller);
        if (!failed) {
          call.send({
            streamToken: token(),
            commitTime: result.commitTime,
            writeResults: result.writeResults,
          });
        }
      } catch (e) {
        failed = true;
        call.fail(toStatus(e, log));
      }
    });
  });
  call.onHalfClose(() => {
    void chain.then(() => {
      if (!failed) call.end();
    });
  });
}

/** The Listen stream: targets added and removed by the client, changes pushed by the backend. */
function serveListen(call: StreamingCall, backend: FirestoreBackend, log: (m: string) => void) {
  let ended = false;
  const stream = backend.openListen(
    {
      send(response) {
        if (!ended) call.send(response);
      },
      fail(err) {
        if (ended) return;
        ended = true;
        call.fail({ code: err.code, message: err.message });
      },
    },
    callerOf(call),
  );
  call.onMessage((message) => {
    if (ended) return;
    try {
      stream.onRequest(message as ListenRequest); // decoded by the reflection of ListenRequest
    } catch (e) {
      ended = true;
      stream.close();
      call.fail(toStatus(e, log));
    }
  });
  call.onHalfClose(() => {
    stream.close();
    if (!ended) {
      ended = true;
      call.end();
    }
  });
  call.onCancel(() => {
    ended = true;
    stream.close();
  });
}

function randomId(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < 20; i++) s += chars[Math.floor(Math.random() * chars.length)];
  return s;
}
