/**
 * A gRPC Firestore that does nothing (`node --import tsx bench/null-server.ts --port P`): every
 * Commit is answered at once with a canned response of one WriteResult per write, never
 * decoded beyond counting its writes, nothing stored. Driven by the same firebase-admin load as
 * the emulators, its rate is the client's ceiling: no emulator can be faster through this
 * client on this machine (bench/throughput.ts).
 */
import http2 from 'node:http2';

function varint(n: number): number[] {
  const bytes: number[] = [];
  for (; n > 127; n = Math.floor(n / 128)) bytes.push((n & 127) | 128);
  bytes.push(n);
  return bytes;
}

const timestamp = [0x08, ...varint(1_700_000_000), 0x10, ...varint(123_456_000)];
const writeResult = [0x0a, timestamp.length, ...timestamp];

/** A framed CommitResponse with `writes` WriteResults and a commit time. */
function commitResponse(writes: number): Buffer {
  const body: number[] = [];
  for (let i = 0; i < writes; i++) body.push(0x0a, writeResult.length, ...writeResult);
  body.push(0x12, timestamp.length, ...timestamp);
  const framed = Buffer.alloc(5 + body.length);
  framed.writeUInt32BE(body.length, 1);
  framed.set(body, 5);
  return framed;
}

/** How many `writes` (field 2) a framed CommitRequest holds. */
function countWrites(request: Buffer): number {
  let pos = 5;
  let writes = 0;
  while (pos < request.length) {
    // Tags of a CommitRequest take one byte (fields 1-3).
    const tag = request[pos++]!;
    let length = 0;
    for (let shift = 1, b = 128; b & 128; shift *= 128) {
      b = request[pos++]!;
      length += (b & 127) * shift;
    }
    if (tag >> 3 === 2) writes++;
    pos += length; // every field of a CommitRequest is length-delimited
  }
  return writes;
}

const answers = new Map<number, Buffer>();
const server = http2.createServer({ maxSessionMemory: 1024 });
server.on('stream', (stream, headers) => {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('error', () => {});
  stream.on('end', () => {
    const writes = headers[':path']?.endsWith('/Commit') ? countWrites(Buffer.concat(chunks)) : 0;
    let answer = answers.get(writes);
    if (!answer) answers.set(writes, (answer = commitResponse(writes)));
    stream.respond(
      { ':status': 200, 'content-type': 'application/grpc+proto' },
      { waitForTrailers: true },
    );
    stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
    stream.end(answer);
  });
});
const arg = (name: string) => process.argv[process.argv.indexOf(`--${name}`) + 1];
server.listen(Number(arg('port')), arg('host') ?? '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
