/** Small HTTP helpers shared by the REST, admin and WebChannel handlers. */
import type http from 'node:http';
import { Code, FirestoreError } from '../backend.ts';
import { statusName, toStatus } from '../errors.ts';

export const MAX_BODY_BYTES = 12 * 1024 * 1024;

export const debugEnabled = (): boolean =>
  !!process.env.FIRESTORE_EMULATOR_DEBUG && process.env.FIRESTORE_EMULATOR_DEBUG !== '0';

export function debug(...args: unknown[]): void {
  if (debugEnabled()) console.error('[firestore-http]', ...args);
}

/** An error with its own HTTP status (413, 404 of an unknown path...) besides its gRPC code. */
export class HttpError extends FirestoreError {
  constructor(
    readonly status: number,
    grpcCode: Code,
    message: string,
  ) {
    super(grpcCode, message);
    this.name = 'HttpError';
  }
}

/** gRPC code -> HTTP status (google.rpc code mapping). */
export function httpStatusFor(code: number): number {
  switch (code) {
    case Code.OK:
      return 200;
    case Code.CANCELLED:
      return 499;
    case Code.UNKNOWN:
      return 500;
    case Code.INVALID_ARGUMENT:
      return 400;
    case Code.DEADLINE_EXCEEDED:
      return 504;
    case Code.NOT_FOUND:
      return 404;
    case Code.ALREADY_EXISTS:
      return 409;
    case Code.PERMISSION_DENIED:
      return 403;
    case Code.RESOURCE_EXHAUSTED:
      return 429;
    case Code.FAILED_PRECONDITION:
      return 400;
    case Code.ABORTED:
      return 409;
    case Code.OUT_OF_RANGE:
      return 400;
    case Code.UNIMPLEMENTED:
      return 501;
    case Code.INTERNAL:
      return 500;
    case Code.UNAVAILABLE:
      return 503;
    case Code.DATA_LOSS:
      return 500;
    case Code.UNAUTHENTICATED:
      return 401;
    default:
      return 500;
  }
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.writableEnded) {
    if (!res.writableEnded) res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
  });
  res.end(text);
}

/** The REST error body: {"error":{"code":<http>,"message","status"}}. */
export function sendError(res: http.ServerResponse, e: unknown): void {
  const { code, message } = toStatus(e);
  const status = e instanceof HttpError ? e.status : httpStatusFor(code);
  debug('error', status, statusName(code), message);
  sendJson(res, status, { error: { code: status, message, status: statusName(code) } });
}

/**
 * Reads a request body as UTF-8 text, up to `limit` bytes. Over the limit it rejects with a 413
 * HttpError and stops reading (the caller answers and the socket is closed afterwards).
 */
export function readBody(req: http.IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(
        new HttpError(
          413,
          Code.INVALID_ARGUMENT,
          `Request payload size exceeds the limit: ${limit} bytes.`,
        ),
      );
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > limit) {
        done = true;
        chunks.length = 0;
        reject(
          new HttpError(
            413,
            Code.INVALID_ARGUMENT,
            `Request payload size exceeds the limit: ${limit} bytes.`,
          ),
        );
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (err) => {
      if (done) return;
      done = true;
      reject(err);
    });
    req.on('aborted', () => {
      if (done) return;
      done = true;
      reject(new HttpError(400, Code.CANCELLED, 'request aborted'));
    });
  });
}

/** After answering an oversized request, close the connection instead of draining the body. */
export function closeAfterResponse(req: http.IncomingMessage, res: http.ServerResponse): void {
  res.setHeader('Connection', 'close');
  res.on('finish', () => {
    setImmediate(() => req.socket?.destroy());
  });
}

/**
 * The one reader of JSON request bodies (REST, admin endpoints): an object, `{}` for an empty
 * body, INVALID_ARGUMENT otherwise. Over the size limit the connection is closed after the answer.
 */
export async function readJsonBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readBody(req);
  } catch (e) {
    if (e instanceof HttpError && e.status === 413) closeAfterResponse(req, res);
    throw e;
  }
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new HttpError(
      400,
      Code.INVALID_ARGUMENT,
      `Invalid JSON payload received. ${(e as Error).message}`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(
      400,
      Code.INVALID_ARGUMENT,
      'Invalid JSON payload received. Expected an object.',
    );
  }
  return value as Record<string, unknown>;
}

/** Reads and drops a body we do not need, so the connection stays usable. */
export async function discardBody(req: http.IncomingMessage): Promise<void> {
  await readBody(req).catch(() => '');
}
