/**
 * The gRPC transport seen from @grpc/grpc-js, the client under the Admin SDK: statuses and their
 * messages, unknown methods, compressed requests, cancelled and half-closed streams; and from a
 * bare HTTP/2 client, the requests no gRPC client sends.
 */
import * as grpc from '@grpc/grpc-js';
import http2 from 'node:http2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../src/grpc/framing.ts';
import { firestoreRoot } from '../../src/proto-root.ts';
import { start, type RunningEmulator } from '../../src/server.ts';

const SERVICE = '/google.firestore.v1.Firestore';
const DATABASE = 'projects/transport/databases/(default)';

let emu: RunningEmulator;

beforeAll(async () => {
  emu = await start({ port: 0, quiet: true });
});

afterAll(async () => {
  await emu?.stop();
});

function codec(typeName: string) {
  const type = firestoreRoot().lookupType(`google.firestore.v1.${typeName}`);
  return {
    serialize: (value: object) => Buffer.from(type.encode(type.fromObject(value)).finish()),
    deserialize: (bytes: Buffer) =>
      type.toObject(type.decode(bytes), { enums: String }) as Record<string, unknown>,
  };
}

function client(options: grpc.ClientOptions = {}) {
  return new grpc.Client(`127.0.0.1:${emu.port}`, grpc.credentials.createInsecure(), options);
}

function unary(
  c: grpc.Client,
  method: string,
  request: object,
  types: [string, string],
): Promise<Record<string, unknown>> {
  const [req, res] = [codec(types[0]), codec(types[1])];
  const metadata = new grpc.Metadata();
  metadata.set('authorization', 'Bearer owner');
  return new Promise((resolve, reject) =>
    c.makeUnaryRequest(
      `${SERVICE}/${method}`,
      req.serialize,
      res.deserialize,
      request,
      metadata,
      (error, value) => (error ? reject(error) : resolve(value!)),
    ),
  );
}

describe('gRPC transport', () => {
  it('carries a status message with non-ASCII characters and % intact', async () => {
    const c = client();
    try {
      const name = `${DATABASE}/documents/parcelas/año-100%`;
      const failure = await unary(c, 'GetDocument', { name }, ['GetDocumentRequest', 'Document'])
        .then(() => undefined)
        .catch((e: grpc.ServiceError) => e);
      expect(failure?.code).toBe(grpc.status.NOT_FOUND);
      expect(failure?.details).toContain('parcelas/año-100%');
    } finally {
      c.close();
    }
  });

  it('answers an unknown method with UNIMPLEMENTED naming it', async () => {
    const c = client();
    try {
      const failure = await unary(c, 'Teleport', {}, ['GetDocumentRequest', 'Document'])
        .then(() => undefined)
        .catch((e: grpc.ServiceError) => e);
      expect(failure?.code).toBe(grpc.status.UNIMPLEMENTED);
      expect(failure?.details).toContain(`${SERVICE}/Teleport`);
    } finally {
      c.close();
    }
  });

  it('reads requests a client compresses with gzip', async () => {
    const c = client({ 'grpc.default_compression_algorithm': grpc.compressionAlgorithms.gzip });
    try {
      const name = `${DATABASE}/documents/parcelas/A1`;
      const write = { update: { name, fields: { estado: { stringValue: 'x'.repeat(2000) } } } };
      await unary(c, 'Commit', { database: DATABASE, writes: [write] }, [
        'CommitRequest',
        'CommitResponse',
      ]);
      const doc = await unary(c, 'GetDocument', { name }, ['GetDocumentRequest', 'Document']);
      expect(doc.fields).toEqual({ estado: { stringValue: 'x'.repeat(2000) } });
    } finally {
      c.close();
    }
  });

  it('serves Listen after a client cancels one, and ends one the client half-closes with OK', async () => {
    const c = client();
    const [req, res] = [codec('ListenRequest'), codec('ListenResponse')];
    const open = () => c.makeBidiStreamRequest(`${SERVICE}/Listen`, req.serialize, res.deserialize);
    const target = {
      database: DATABASE,
      addTarget: { targetId: 1, documents: { documents: [`${DATABASE}/documents/parcelas/B2`] } },
    };
    try {
      const cancelled = open();
      const ended = new Promise<grpc.StatusObject>((resolve) => cancelled.on('status', resolve));
      cancelled.on('error', () => {});
      cancelled.write(target);
      await new Promise((resolve) => cancelled.once('data', resolve));
      cancelled.cancel();
      expect((await ended).code).toBe(grpc.status.CANCELLED);

      const live = open();
      const current = new Promise((resolve) =>
        live.on('data', (r: Record<string, { targetChangeType?: string }>) => {
          if (r.targetChange?.targetChangeType === 'CURRENT') resolve(r);
        }),
      );
      const liveEnded = new Promise<grpc.StatusObject>((resolve) => live.on('status', resolve));
      live.on('error', () => {});
      live.write(target);
      await current;
      live.end();
      expect((await liveEnded).code).toBe(grpc.status.OK);
    } finally {
      c.close();
    }
  });
});

/** One request over plain HTTP/2: the status headers (or trailers) it ends with. */
async function rawCall(
  headers: http2.OutgoingHttpHeaders,
  body: Buffer,
): Promise<Record<string, string | undefined>> {
  const session = http2.connect(`http://127.0.0.1:${emu.port}`);
  try {
    return await new Promise((resolve, reject) => {
      const stream = session.request({ ':method': 'POST', ...headers });
      const seen: Record<string, string | undefined> = {};
      const keep = (h: http2.IncomingHttpHeaders) => {
        for (const key of [':status', 'grpc-status', 'grpc-message'])
          if (h[key] !== undefined) seen[key] = String(h[key]);
      };
      stream.on('response', keep);
      stream.on('trailers', keep);
      stream.on('data', () => {});
      stream.on('end', () => resolve(seen));
      stream.on('error', reject);
      stream.end(body);
    });
  } finally {
    session.close();
  }
}

/** A gRPC message prefix announcing `length` bytes, compressed or not. */
function prefix(length: number, compressed = false): Buffer {
  const head = Buffer.alloc(5);
  head[0] = compressed ? 1 : 0;
  head.writeUInt32BE(length, 1);
  return head;
}

describe('gRPC transport, requests no gRPC client sends', () => {
  const getDocument = {
    ':path': `${SERVICE}/GetDocument`,
    'content-type': 'application/grpc',
  };

  it('answers 415 to a request that is not gRPC', async () => {
    const answer = await rawCall(
      { ...getDocument, 'content-type': 'text/plain' },
      Buffer.from('hi'),
    );
    expect(answer[':status']).toBe('415');
  });

  it('fails a request that ends in the middle of a message', async () => {
    const answer = await rawCall(getDocument, Buffer.concat([prefix(10), Buffer.from('abc')]));
    expect(answer['grpc-status']).toBe(String(grpc.status.INTERNAL));
    expect(decodeURIComponent(answer['grpc-message']!)).toContain('middle of a message');
  });

  it('refuses a message compressed with an encoding it does not know', async () => {
    const answer = await rawCall(
      { ...getDocument, 'grpc-encoding': 'snappy' },
      Buffer.concat([prefix(3, true), Buffer.from('abc')]),
    );
    expect(answer['grpc-status']).toBe(String(grpc.status.UNIMPLEMENTED));
    expect(decodeURIComponent(answer['grpc-message']!)).toContain('"snappy"');
  });

  it('refuses a message longer than it accepts, from its prefix alone', async () => {
    const answer = await rawCall(getDocument, prefix(MAX_MESSAGE_BYTES + 1));
    expect(answer['grpc-status']).toBe(String(grpc.status.RESOURCE_EXHAUSTED));
  });

  it('fails a unary call that sends two requests', async () => {
    const empty = Buffer.concat([prefix(0), prefix(0)]);
    const answer = await rawCall(getDocument, empty);
    expect(answer['grpc-status']).toBe(String(grpc.status.INTERNAL));
    expect(decodeURIComponent(answer['grpc-message']!)).toContain('more than one request');
  });
});
