/**
 * One gRPC call on one HTTP/2 stream, server side: request messages in, response messages and
 * the final status out. Response headers go with the first message; a call that fails before
 * any message answers "trailers-only" (one HEADERS frame carrying the status), as gRPC servers do.
 */
import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import { Code } from '../backend.ts';
import type { Status } from '../errors.ts';
import {
  canDecompress,
  decompress,
  encodeStatusMessage,
  frameMessage,
  MessageReader,
  type Frame,
} from './framing.ts';

/** The response headers of every call (it answers uncompressed, which every client accepts). */
const RESPONSE_HEADERS = {
  ':status': 200,
  'content-type': 'application/grpc+proto',
  'grpc-accept-encoding': 'identity,deflate,gzip',
} as const;

/**
 * A request as decoded from the wire (the reflection of its method's request type built it):
 * its fields by name, typed by the method that takes it (./index.ts).
 */
export type WireMessage = Record<string, unknown>;

/** What a method implementation sees of its call. */
export interface GrpcCall {
  /** The request's `authorization` header, if any (firebase-admin sends `Bearer owner`). */
  readonly authorization: string | undefined;
  /** The client went away or reset the stream before the call ended. */
  readonly cancelled: boolean;
  send(message: object): void;
  /** Ends the call with status OK. */
  end(): void;
  fail(status: Status): void;
  onCancel(listener: () => void): void;
}

/** A call whose client streams its requests (Listen, Write). */
export interface StreamingCall extends GrpcCall {
  onMessage(listener: (message: WireMessage) => void): void;
  /** The client has sent its last request. */
  onHalfClose(listener: () => void): void;
}

export interface MessageCodec {
  decodeRequest(bytes: Buffer): WireMessage;
  encodeResponse(message: object): Uint8Array;
}

export class Http2GrpcCall implements StreamingCall {
  readonly authorization: string | undefined;
  private readonly encoding: string;
  private headersSent = false;
  private finished = false;
  private wasCancelled = false;
  private readonly reader = new MessageReader();
  private readonly messageListeners: Array<(message: WireMessage) => void> = [];
  private readonly halfCloseListeners: Array<() => void> = [];
  private readonly cancelListeners: Array<() => void> = [];

  constructor(
    private readonly stream: ServerHttp2Stream,
    headers: IncomingHttpHeaders,
    private readonly codec: MessageCodec,
  ) {
    this.authorization = firstHeader(headers['authorization']);
    this.encoding = firstHeader(headers['grpc-encoding']) ?? 'identity';
    stream.on('data', (chunk: Buffer) => this.receive(chunk));
    stream.on('end', () => this.halfClose());
    stream.on('close', () => this.closed());
    // A reset or a dropped connection surfaces as 'close'; errors carry nothing more for us.
    stream.on('error', () => {});
  }

  get cancelled(): boolean {
    return this.wasCancelled;
  }

  onMessage(listener: (message: WireMessage) => void): void {
    this.messageListeners.push(listener);
  }

  onHalfClose(listener: () => void): void {
    this.halfCloseListeners.push(listener);
  }

  onCancel(listener: () => void): void {
    this.cancelListeners.push(listener);
  }

  send(message: object): void {
    if (this.finished || this.wasCancelled) return;
    let bytes: Uint8Array;
    try {
      bytes = this.codec.encodeResponse(message);
    } catch (e) {
      this.fail({ code: Code.INTERNAL, message: `Failed to encode a response: ${String(e)}` });
      return;
    }
    if (!this.headersSent) {
      this.headersSent = true;
      this.stream.respond(RESPONSE_HEADERS, { waitForTrailers: true });
    }
    this.stream.write(frameMessage(bytes));
  }

  end(): void {
    this.finish({ code: Code.OK, message: '' });
  }

  fail(status: Status): void {
    this.finish(status);
  }

  private finish(status: Status): void {
    if (this.finished || this.wasCancelled || this.stream.destroyed) return;
    this.finished = true;
    const trailers: Record<string, string> = { 'grpc-status': String(status.code) };
    if (status.message) trailers['grpc-message'] = encodeStatusMessage(status.message);
    if (!this.headersSent) {
      this.headersSent = true;
      // Trailers-only: the status travels in the one HEADERS frame of the answer.
      this.stream.respond({ ...RESPONSE_HEADERS, ...trailers }, { endStream: true });
      return;
    }
    this.stream.once('wantTrailers', () => this.stream.sendTrailers(trailers));
    this.stream.end();
  }

  private receive(chunk: Buffer): void {
    if (this.finished) return;
    const frames = this.reader.push(chunk);
    if (frames === 'too-large') {
      this.fail({
        code: Code.RESOURCE_EXHAUSTED,
        message: 'Received a message larger than the emulator accepts',
      });
      return;
    }
    for (const frame of frames) {
      const message = this.decode(frame);
      if (!message) return;
      for (const listener of this.messageListeners) listener(message);
      if (this.finished) return;
    }
  }

  /** A request message, or undefined when the call has failed on it. */
  private decode(frame: Frame): WireMessage | undefined {
    const encoding = this.encoding;
    if (frame.compressed && !canDecompress(encoding)) {
      this.fail({
        code: Code.UNIMPLEMENTED,
        message: `Compression "${encoding}" is not supported by this emulator`,
      });
      return undefined;
    }
    try {
      const bytes =
        canDecompress(encoding) && frame.compressed
          ? decompress(frame.bytes, encoding)
          : frame.bytes;
      return this.codec.decodeRequest(bytes);
    } catch (e) {
      this.fail({ code: Code.INTERNAL, message: `Failed to parse the request: ${String(e)}` });
      return undefined;
    }
  }

  private halfClose(): void {
    if (this.finished) return;
    if (this.reader.partial) {
      this.fail({ code: Code.INTERNAL, message: 'The request ended in the middle of a message' });
      return;
    }
    for (const listener of this.halfCloseListeners) listener();
  }

  private closed(): void {
    if (this.finished) return;
    this.wasCancelled = true;
    for (const listener of this.cancelListeners) listener();
  }
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
