/**
 * BrowserChannel (VER=8) framing: every response body is a sequence of chunks
 * `<length>\n<payload>`, where the length counts UTF-16 code units of the payload and the payload
 * includes its trailing newline. Payloads are ASCII-only (non-ASCII escaped as \uXXXX), so the
 * length is also the byte length.
 */
import { asciiJson } from '../proto-json.ts';

/** One chunk from an already-serialized ASCII JSON payload (without trailing newline). */
export function frameChunk(json: string): string {
  const payload = `${json}\n`;
  return `${payload.length}\n${payload}`;
}

/** Frames any JSON value (escaping non-ASCII). */
export function frame(value: unknown): string {
  return frameChunk(asciiJson(value));
}

/**
 * Parses a framed body back into its JSON payloads (for tests and debugging). Lengths are UTF-16
 * code units, as the client counts them.
 */
export function parseChunks(body: string): unknown[] {
  const out: unknown[] = [];
  let pos = 0;
  while (pos < body.length) {
    const nl = body.indexOf('\n', pos);
    if (nl < 0) throw new Error(`bad chunk header at ${pos}`);
    const len = Number(body.slice(pos, nl));
    if (!Number.isInteger(len) || len < 0)
      throw new Error(`bad chunk length ${JSON.stringify(body.slice(pos, nl))}`);
    const payload = body.slice(nl + 1, nl + 1 + len);
    if (payload.length < len) throw new Error('truncated chunk');
    out.push(JSON.parse(payload));
    pos = nl + 1 + len;
  }
  return out;
}

/** A parsed forward-channel (or handshake) form body. */
export interface ForwardBody {
  count: number;
  ofs: number;
  /** Map id -> raw `__data__` string (the message's JSON). */
  maps: Map<number, string>;
  /** Headers from the `headers=` field (handshake only), lower-cased names. */
  headers: Record<string, string>;
}

/** Parses `headers=..&count=N&ofs=K&req0___data__=..` (application/x-www-form-urlencoded). */
export function parseForwardBody(body: string): ForwardBody {
  const params = new URLSearchParams(body);
  const count = Number(params.get('count') ?? 0) || 0;
  const ofs = Number(params.get('ofs') ?? 0) || 0;
  const maps = new Map<number, string>();
  for (const [key, value] of params) {
    const m = /^req(\d+)___data__$/.exec(key);
    if (m) maps.set(ofs + Number(m[1]), value);
  }
  const headers = parseHeaderBlock(params.get('headers') ?? '');
  return { count, ofs, maps, headers };
}

/** `Name:Value\r\n` lines -> lower-cased header map. */
export function parseHeaderBlock(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

/** `$httpHeaders` URL parameter (older SDKs): same line format. */
export function parseLegacyHeaders(param: string | null): Record<string, string> {
  return param ? parseHeaderBlock(param) : {};
}
