/**
 * gRPC transport: google.firestore.v1.Firestore on @grpc/grpc-js, mapped onto the backend.
 * The service definition comes from the protobufjs root the HTTP side shares (../proto-root.ts).
 */
import type { Caller, FirestoreBackend, Msg } from '../backend.ts';
import { callerFromAuthorization } from '../caller.ts';
import { toStatus } from '../errors.ts';
import { firestoreServiceDefinition } from '../proto-root.ts';

type Grpc = typeof import('@grpc/grpc-js');

export interface GrpcSide {
  grpc: Grpc;
  server: import('@grpc/grpc-js').Server;
  injector: { injectConnection(c: import('node:stream').Duplex): void; destroy(): void };
}

function grpcStatus(error: unknown, log: (m: string) => void): { code: number; details: string } {
  const { code, message } = toStatus(error, log);
  return { code, details: message };
}

export async function loadGrpc(
  backend: FirestoreBackend,
  log: (m: string) => void = console.error,
): Promise<GrpcSide> {
  const grpc = await import('@grpc/grpc-js');
  const service = firestoreServiceDefinition();
  const server = new grpc.Server({ 'grpc.max_receive_message_length': 64 * 1024 * 1024 });
  server.addService(service, createImplementation(grpc, backend, log));
  const injector = server.createConnectionInjector(grpc.ServerCredentials.createInsecure());
  return { grpc, server, injector };
}

type AnyCall = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- grpc-js call objects differ per method kind
type Handler = (...args: AnyCall[]) => void;

/** The caller of a gRPC call: its `authorization` metadata (firebase-admin sends `Bearer owner`). */
function callerOf(call: AnyCall): Caller {
  const values = call.metadata?.get('authorization') ?? [];
  return callerFromAuthorization(values.length ? String(values[0]) : undefined);
}

function createImplementation(
  grpc: Grpc,
  backend: FirestoreBackend,
  log: (m: string) => void,
): Record<string, Handler> {
  const unary =
    (fn: (req: Msg, caller: Caller) => Promise<Msg | void>): Handler =>
    (call: AnyCall, callback: AnyCall) => {
      let p: Promise<Msg | void>;
      try {
        p = fn(call.request, callerOf(call));
      } catch (e) {
        p = Promise.reject(e);
      }
      p.then(
        (r) => callback(null, r ?? {}),
        (e) => callback(grpcStatus(e, log)),
      );
    };
  const streaming =
    (fn: (req: Msg, caller: Caller) => Promise<Msg[]>): Handler =>
    (call: AnyCall) => {
      let p: Promise<Msg[]>;
      try {
        p = fn(call.request, callerOf(call));
      } catch (e) {
        p = Promise.reject(e);
      }
      p.then(
        (rs) => {
          if (call.cancelled) return;
          for (const r of rs) call.write(r);
          call.end();
        },
        (e) => {
          if (!call.cancelled) call.emit('error', grpcStatus(e, log));
        },
      );
    };
  const unimplemented = (name: string) => (call: AnyCall, callback?: AnyCall) => {
    const status = {
      code: grpc.status.UNIMPLEMENTED,
      details: `${name} is not implemented by this emulator`,
    };
    if (typeof callback === 'function') callback(status);
    else call.emit('error', status);
  };

  return {
    GetDocument: unary((r, c) => backend.getDocument(r, c)),
    ListDocuments: unary((r, c) => backend.listDocuments(r, c)),
    BatchGetDocuments: streaming((r, c) => backend.batchGetDocuments(r, c)),
    BeginTransaction: unary((r, c) => backend.beginTransaction(r, c)),
    Commit: unary((r, c) => backend.commit(r, c)),
    Rollback: unary(async (r, c) => {
      await backend.rollback(r, c);
      return {};
    }),
    RunQuery: streaming((r, c) => backend.runQuery(r, c)),
    RunAggregationQuery: streaming((r, c) => backend.runAggregationQuery(r, c)),
    ListCollectionIds: unary((r, c) => backend.listCollectionIds(r, c)),
    BatchWrite: unary((r, c) => backend.batchWrite(r, c)),
    CreateDocument: unary((r, c) => backend.createDocument(r, c)),
    UpdateDocument: unary((r, c) => backend.updateDocument(r, c)),
    DeleteDocument: unary(async (r, c) => {
      await backend.deleteDocument(r, c);
      return {};
    }),
    PartitionQuery: unimplemented('PartitionQuery'),
    ExecutePipeline: unimplemented('ExecutePipeline'),
    Write: (call: AnyCall) => {
      // The web SDK in Node streams its writes here (the Admin SDK does not use Write).
      const caller = callerOf(call);
      let database: string | undefined;
      let seq = 0;
      let failed = false;
      let chain: Promise<void> = Promise.resolve();
      const streamId = randomId();
      const token = () => Buffer.from(`${streamId}:${++seq}`);
      call.on('data', (req: Msg) => {
        chain = chain.then(async () => {
          if (failed || call.cancelled) return;
          try {
            if (database === undefined) {
              database = String(req.database ?? '');
              call.write({ streamId, streamToken: token() });
              if (!req.writes?.length) return;
            }
            const writes = (req.writes ?? []) as Msg[];
            if (!writes.length) return; // graceful close: no reply
            const r = await backend.commit({ database, writes }, caller);
            if (!failed && !call.cancelled)
              call.write({
                streamToken: token(),
                commitTime: r.commitTime,
                writeResults: r.writeResults,
              });
          } catch (e) {
            failed = true;
            call.emit('error', grpcStatus(e, log));
          }
        });
      });
      call.on('end', () => {
        chain.then(() => {
          if (!failed && !call.cancelled) {
            try {
              call.end();
            } catch {
              /* closed */
            }
          }
        });
      });
      call.on('error', () => {
        failed = true;
      });
    },
    Listen: (call: AnyCall) => {
      let ended = false;
      const stream = backend.openListen(
        {
          send(resp) {
            if (!ended) call.write(resp);
          },
          fail(err) {
            if (ended) return;
            ended = true;
            call.emit('error', { code: err.code, details: err.message });
          },
        },
        callerOf(call),
      );
      call.on('data', (req: Msg) => {
        try {
          stream.onRequest(req);
        } catch (e) {
          if (!ended) {
            ended = true;
            stream.close();
            call.emit('error', grpcStatus(e, log));
          }
        }
      });
      const finish = () => {
        stream.close();
        if (!ended) {
          ended = true;
          try {
            call.end();
          } catch {
            /* already closed */
          }
        }
      };
      call.on('end', finish);
      call.on('cancelled', () => {
        ended = true;
        stream.close();
      });
      call.on('error', () => {
        ended = true;
        stream.close();
      });
    },
  };
}

function randomId(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < 20; i++) s += chars[Math.floor(Math.random() * chars.length)];
  return s;
}
