/** One port for HTTP/1.1 and gRPC; export on stop; import at start. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { start } from '../../src/server.ts';

it('serves HTTP/1.1 on the gRPC port, exports on stop and imports at start', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-emu-'));
  const emu = await start({ port: 0, quiet: true, exportOnExit: dir });
  const res = await fetch(`http://127.0.0.1:${emu.port}/`);
  expect(res.status).toBe(200);
  expect(await res.text()).toBe('Ok');
  const name = 'projects/srv/databases/(default)/documents/c/d';
  await emu.backend.commit({
    database: 'projects/srv/databases/(default)',
    writes: [
      {
        update: {
          name,
          fields: {
            big: { integerValue: '9007199254740993' },
            b: { bytesValue: Buffer.from('hi') },
          },
        },
      },
    ],
  });
  const before = await emu.backend.getDocument({ name });
  const t0 = performance.now();
  await emu.stop();
  expect(performance.now() - t0).toBeLessThan(1000);
  expect(fs.existsSync(path.join(dir, 'firestore_export.json'))).toBe(true);

  const emu2 = await start({ port: 0, quiet: true, importDir: dir });
  try {
    expect(await emu2.backend.getDocument({ name })).toEqual(before);
    const del = await fetch(
      `http://127.0.0.1:${emu2.port}/emulator/v1/projects/srv/databases/(default)/documents`,
      { method: 'DELETE' },
    );
    expect(del.status).toBe(200);
    await expect(emu2.backend.getDocument({ name })).rejects.toMatchObject({ code: 5 });
  } finally {
    await emu2.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it('serves gRPC when the HTTP/2 preface reaches it in pieces', async () => {
  const http2 = await import('node:http2');
  const net = await import('node:net');
  const { Duplex } = await import('node:stream');
  const emu = await start({ port: 0, quiet: true });
  // A client whose first bytes arrive alone ("PR"), the rest 50 ms later: the router peeks at a
  // partial preface and hands the socket to HTTP/2 with those bytes already read.
  const socket = net.connect(emu.port, '127.0.0.1');
  let first = true;
  const pieces = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, done) {
      if (!first) return void socket.write(chunk, done);
      first = false;
      socket.write(chunk.subarray(0, 2));
      setTimeout(() => socket.write(chunk.subarray(2), done), 50);
    },
  });
  socket.on('data', (data) => pieces.push(data));
  socket.on('end', () => pieces.push(null));
  const session = http2.connect(`http://127.0.0.1:${emu.port}`, { createConnection: () => pieces });
  try {
    const stream = session.request({
      ':method': 'POST',
      ':path': '/google.firestore.v1.Firestore/Rollback',
      'content-type': 'application/grpc',
      te: 'trailers',
    });
    stream.end(Buffer.from([0, 0, 0, 0, 0])); // an empty RollbackRequest
    const trailers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      stream.on('trailers', resolve);
      stream.on('response', (headers) => {
        if (headers['grpc-status'] !== undefined) resolve(headers);
      });
      stream.on('error', reject);
      stream.resume();
    });
    // Answered by the core (an empty database name is refused), not dropped by HTTP/2.
    expect(trailers['grpc-status']).toBe('3');
  } finally {
    session.destroy();
    socket.destroy();
    await emu.stop();
  }
});
