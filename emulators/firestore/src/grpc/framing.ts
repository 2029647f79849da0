/**
 * gRPC length-prefixed messages over an HTTP/2 stream: each message is one byte of flags (bit 0
 * set = compressed), four bytes of length (big endian) and the protobuf bytes.
 */

const PREFIX_BYTES = 5;

/** The largest message a client may send (the Admin SDK's batches stay far below it). */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export interface Frame {
  compressed: boolean;
  bytes: Buffer;
}

/**
 * Cuts the bytes of a stream into messages, whatever the chunk boundaries. `push` returns the
 * complete messages so far, or 'too-large' (the call must then end with an error).
 */
export class MessageReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  push(chunk: Buffer): Frame[] | 'too-large' {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    const frames: Frame[] = [];
    while (this.pendingBytes >= PREFIX_BYTES) {
      const head = this.peek(PREFIX_BYTES);
      const compressed = (head[0]! & 1) === 1;
      const length = head.readUInt32BE(1);
      if (length > MAX_MESSAGE_BYTES) return 'too-large';
      if (this.pendingBytes < PREFIX_BYTES + length) break;
      frames.push({ compressed, bytes: this.take(PREFIX_BYTES + length).subarray(PREFIX_BYTES) });
    }
    return frames;
  }

  /** True when a message has started but not all of its bytes have come. */
  get partial(): boolean {
    return this.pendingBytes > 0;
  }

  private peek(bytes: number): Buffer {
    if (this.pending[0]!.length < bytes) this.pending = [Buffer.concat(this.pending)];
    return this.pending[0]!.subarray(0, bytes);
  }

  private take(bytes: number): Buffer {
    const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    const taken = all.subarray(0, bytes);
    const rest = all.subarray(bytes);
    this.pending = rest.length ? [rest] : [];
    this.pendingBytes = rest.length;
    return taken;
  }
}

/** One message, prefixed for the wire (never compressed). */
export function frameMessage(bytes: Uint8Array): Buffer {
  const framed = Buffer.allocUnsafe(PREFIX_BYTES + bytes.length);
  framed[0] = 0;
  framed.writeUInt32BE(bytes.length, 1);
  framed.set(bytes, PREFIX_BYTES);
  return framed;
}

/**
 * A status message as the `grpc-message` trailer carries it: percent-encoded UTF-8, with only
 * printable ASCII other than `%` left as it is.
 */
export function encodeStatusMessage(message: string): string {
  let encoded = '';
  for (const byte of Buffer.from(message, 'utf8')) {
    encoded +=
      byte >= 0x20 && byte <= 0x7e && byte !== 0x25
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

const DECOMPRESSORS = {
  gzip: 'gunzipSync',
  deflate: 'inflateSync',
} as const;

/** Whether a message compressed with the call's `grpc-encoding` can be read. */
export function canDecompress(encoding: string): encoding is keyof typeof DECOMPRESSORS {
  return Object.hasOwn(DECOMPRESSORS, encoding);
}

/**
 * The bytes of a compressed message; node:zlib is loaded only when a client compresses (the
 * Firestore SDKs do not by default).
 */
export function decompress(bytes: Buffer, encoding: keyof typeof DECOMPRESSORS): Buffer {
  const zlib = process.getBuiltinModule('node:zlib');
  return zlib[DECOMPRESSORS[encoding]](bytes, { maxOutputLength: MAX_MESSAGE_BYTES });
}
