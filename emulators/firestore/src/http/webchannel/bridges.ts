/** Listen and Write streams of google.firestore.v1.Firestore carried over a WebChannel session. */
import { randomBytes } from 'node:crypto';
import type { FirestoreBackend, ListenStream } from '../../backend.ts';
import type { ListenResponse } from '../../proto-types.ts';
import { fromProto3Json, toProto3Json } from '../proto-json.ts';
import { toStatus } from '../../errors.ts';
import type { Bridge, Session } from './session.ts';

export function listenBridge(backend: FirestoreBackend, session: Session): Bridge {
  let stream: ListenStream | undefined;
  let ended = false;
  const sink = {
    send(response: ListenResponse): void {
      if (ended) return;
      session.send([toProto3Json('ListenResponse', response)]);
    },
    fail(error: unknown): void {
      if (ended) return;
      ended = true; // the backend has closed the stream itself
      const { code, message } = toStatus(error);
      session.fail(code, message);
    },
  };
  return {
    onMessage(json: unknown): void {
      if (ended) return;
      const request = fromProto3Json('ListenRequest', json);
      if (!request.database) request.database = session.database;
      stream ??= backend.openListen(sink, session.caller);
      stream.onRequest(request);
    },
    close(): void {
      if (ended) return;
      ended = true;
      stream?.close();
    },
  };
}

export function writeBridge(backend: FirestoreBackend, session: Session): Bridge {
  let chain: Promise<void> = Promise.resolve();
  let handshaken = false;
  let ended = false;
  let tokens = 0;
  const streamId = randomBytes(9).toString('base64url');
  const nextToken = (): Buffer => Buffer.from(`${streamId}:${++tokens}`);
  let database = session.database;

  async function handle(json: unknown): Promise<void> {
    if (ended || session.failed) return;
    const request = fromProto3Json('WriteRequest', json);
    if (request.database) database = request.database;
    const writes = request.writes ?? [];
    if (!handshaken) {
      handshaken = true;
      session.send([toProto3Json('WriteResponse', { streamId, streamToken: nextToken() })]);
      if (!writes.length) return;
    } else if (!writes.length) {
      return; // graceful close: the client terminates the channel next; no reply
    }
    const response = await backend.commit({ database, writes }, session.caller);
    if (ended || session.failed) return;
    session.send([
      toProto3Json('WriteResponse', {
        streamId,
        streamToken: nextToken(),
        commitTime: response.commitTime,
        writeResults: response.writeResults ?? [],
      }),
    ]);
  }

  return {
    onMessage(json: unknown): void {
      if (ended) return;
      chain = chain
        .then(() => handle(json))
        .catch((e: unknown) => {
          if (ended) return;
          const { code, message } = toStatus(e);
          session.fail(code, message);
        });
    },
    close(): void {
      ended = true;
    },
  };
}
