/** The little HTTP layer under the router: errors as JSON, bodies with a size limit. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Language } from '@parroquia/domain';
import { encodeBody } from './compression';
import { API_MESSAGES } from './messages';
import { messageCode, translate } from './translate';

/**
 * A request as Cloud Functions hands it over: the framework has usually read the body already
 * and kept it in `rawBody`. A plain Node server (tests) leaves the body in the stream.
 */
export type ApiRequest = IncomingMessage & { rawBody?: Buffer };

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 429 | 500 | 503;

/** Thrown by any layer to answer `{ error: message }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More fields of the JSON answer, e.g. `field` for a refused input. */
    readonly details: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface JsonReply<T = unknown> {
  status: number;
  json: T;
  /** Public answers only: how long Hosting's CDN may share this one between callers. */
  sharedCacheSeconds?: number;
}

export interface FileReply {
  status: number;
  contentType: string;
  body: Buffer;
  filename?: string;
  /** Who may keep it and for how long; `no-store` when unset (downloads are per user). */
  cacheControl?: string;
}

export type ApiReply = JsonReply | FileReply;

export function jsonReply<T>(
  json: T,
  status = 200,
  cache: { sharedCacheSeconds?: number } = {},
): JsonReply<T> {
  return { status, json, ...cache };
}

/** A download: 200 with its type and, for the browser, the file's name. */
export function fileReply(contentType: string, body: Uint8Array, filename: string): FileReply {
  return { status: 200, contentType, body: Buffer.from(body), filename };
}

/** `gzip`: the caller accepts a gzipped answer (see compression.ts). */
export function sendReply(res: ServerResponse, reply: ApiReply, gzip = false): void {
  // Hosting's CDN keeps no answer unless it says it is public and for how long; the others are
  // per user and change by the second.
  const shared = 'json' in reply ? reply.sharedCacheSeconds : undefined;
  const file = 'json' in reply ? undefined : reply.cacheControl;
  res.setHeader(
    'Cache-Control',
    file ?? (shared ? `public, max-age=0, s-maxage=${shared}` : 'no-store'),
  );
  // The emulator's express sets it before we run; it only tells attackers what to try.
  res.removeHeader('X-Powered-By');
  if ('json' in reply) {
    const { bytes, encoding } = encodeBody(JSON.stringify(reply.json), gzip);
    res.writeHead(reply.status, {
      'Content-Type': 'application/json; charset=utf-8',
      // A cache between (Hosting's CDN) keeps one answer per encoding.
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    res.end(bytes);
    return;
  }
  res.writeHead(reply.status, {
    'Content-Type': reply.contentType,
    ...(reply.filename
      ? { 'Content-Disposition': `attachment; filename="${reply.filename}"` }
      : {}),
  });
  res.end(reply.body);
}

/**
 * `{ error, code }`: the text in the caller's language (the thrown text is Spanish, see
 * `translate.ts`) and its catalogue key, which screens decide by.
 */
export function sendError(res: ServerResponse, error: ApiError, language: Language): void {
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  const message = translate(error.message, language);
  const code = messageCode(error.message);
  sendReply(res, jsonReply({ error: message, code, ...error.details }, error.status));
}

/** 413 early, from the declared length, before reading anything. */
export function assertDeclaredLengthWithin(req: ApiRequest, maxBytes: number): void {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) throw new ApiError(413, API_MESSAGES.bodyTooLarge);
}

/** The raw body, at most `maxBytes` long (413 beyond, even without a declared length). */
export async function readBody(req: ApiRequest, maxBytes: number): Promise<Buffer> {
  if (Buffer.isBuffer(req.rawBody)) {
    if (req.rawBody.length > maxBytes) throw new ApiError(413, API_MESSAGES.bodyTooLarge);
    return req.rawBody;
  }
  if (req.readableEnded) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    length += buffer.length;
    if (length > maxBytes) throw new ApiError(413, API_MESSAGES.bodyTooLarge);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** An empty body is `undefined`; anything else must be JSON. */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new ApiError(400, API_MESSAGES.bodyNotJson);
  }
}
