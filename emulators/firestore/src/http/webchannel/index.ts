/**
 * WebChannel (BrowserChannel VER=8) endpoints of the web SDK:
 *   {prefix}/google.firestore.v1.Firestore/Listen/channel
 *   {prefix}/google.firestore.v1.Firestore/Write/channel
 * Handshake POST (no SID), forward POST (SID), back-channel GET (SID, CI=0 streaming or
 * CI=1 long-poll), and TYPE=terminate (POST or GET).
 */
import type http from 'node:http';
import type { FirestoreBackend } from '../../backend.ts';
import { callerFromAuthorization } from '../../caller.ts';
import { closeAfterResponse, debug, discardBody, HttpError, readBody, sendError } from '../util.ts';
import { frame, parseForwardBody, parseLegacyHeaders } from './framing.ts';
import { listenBridge, writeBridge } from './bridges.ts';
import { Session } from './session.ts';

const CHANNEL_RE = /\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel\/?$/;
/** Sessions without a back channel and without requests for this long are dropped. */
const SESSION_IDLE_MS = 90000;

export function matchChannel(pathname: string): 'Listen' | 'Write' | undefined {
  const m = CHANNEL_RE.exec(pathname);
  return m ? (m[1] as 'Listen' | 'Write') : undefined;
}

function num(v: string | null): number | undefined {
  if (v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

export class WebChannelServer {
  private sessions = new Map<string, Session>();
  private gcTimer: NodeJS.Timeout;

  constructor(private readonly backend: FirestoreBackend) {
    this.gcTimer = setInterval(() => this.gc(), 10000);
    this.gcTimer.unref();
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  private gc(): void {
    const now = Date.now();
    for (const s of [...this.sessions.values()]) {
      if (!s.hasBackChannel && now - s.lastSeen > SESSION_IDLE_MS) {
        debug(`gc session ${s.sid}`);
        s.close();
      }
    }
  }

  close(): void {
    clearInterval(this.gcTimer);
    for (const s of [...this.sessions.values()]) s.close();
    this.sessions.clear();
  }

  async handle(
    kind: 'Listen' | 'Write',
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
  ): Promise<void> {
    const q = url.searchParams;
    const sid = q.get('SID');
    const type = q.get('TYPE');
    const method = req.method ?? 'GET';

    if (type === 'terminate') {
      if (method === 'POST') await discardBody(req);
      const s = sid ? this.sessions.get(sid) : undefined;
      debug(`${kind} terminate ${sid} ${s ? '' : '(unknown)'}`);
      s?.close();
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': 0 });
      res.end();
      return;
    }

    if (method === 'POST' && !sid) return this.handshake(kind, req, res, url);

    const session = sid ? this.sessions.get(sid) : undefined;
    if (!session || session.kind !== kind) {
      if (method === 'POST') await discardBody(req);
      debug(`${kind} ${method} unknown SID ${sid}`);
      // The client recognizes "Unknown SID" only at an index > 0 of the body.
      const body = 'Error 400 (Bad Request): Unknown SID\n';
      res.writeHead(400, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
      });
      res.end(body);
      return;
    }

    if (method === 'GET') {
      const ci = q.get('CI');
      const streaming = ci !== '1';
      debug(
        `${kind} ${session.sid} back channel ${streaming ? 'streaming' : 'long-poll'} AID=${q.get('AID')}`,
      );
      session.attachBackChannel(res, num(q.get('AID')), streaming, num(q.get('TO')));
      return;
    }
    if (method === 'POST') {
      const body = await readBodyOrReply(req, res);
      if (body === undefined) return;
      session.ack(num(q.get('AID')));
      const parsed = parseForwardBody(body);
      session.receiveMaps(parsed.maps);
      const reply = frame([1, session.lastArray, session.unackedBytes]);
      res.writeHead(200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': Buffer.byteLength(reply),
      });
      res.end(reply);
      return;
    }
    res.writeHead(405, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Method not allowed');
  }

  private async handshake(
    kind: 'Listen' | 'Write',
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
  ): Promise<void> {
    const body = await readBodyOrReply(req, res);
    if (body === undefined) return;
    const parsed = parseForwardBody(body);
    const headers = {
      ...parseLegacyHeaders(url.searchParams.get('$httpHeaders')),
      ...parsed.headers,
    };
    let database = url.searchParams.get('database') ?? '';
    if (!database) {
      // Fall back to the first message's database field.
      const first = parsed.maps.get(parsed.ofs);
      try {
        database = String((JSON.parse(first ?? '{}') as { database?: unknown }).database ?? '');
      } catch {
        /* reported when the map is applied */
      }
    }
    const session = new Session(kind, database, (s) => this.sessions.delete(s.sid));
    session.caller = callerFromAuthorization(headers['authorization'] ?? req.headers.authorization);
    session.bridge =
      kind === 'Listen' ? listenBridge(this.backend, session) : writeBridge(this.backend, session);
    this.sessions.set(session.sid, session);
    debug(
      `${kind} handshake ${session.sid} db=${database} headers=${JSON.stringify(headers)} caller=${JSON.stringify(session.caller)}`,
    );
    const reply = session.handshakeChunk();
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(reply),
      'X-HTTP-Session-Id': session.httpSessionId,
      'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
    });
    res.end(reply);
    session.receiveMaps(parsed.maps);
  }
}

/** The request body, or undefined once the failure (e.g. 413) has been answered. */
async function readBodyOrReply(
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<string | undefined> {
  try {
    return await readBody(req);
  } catch (e) {
    if (e instanceof HttpError && e.status === 413) closeAfterResponse(req, res);
    sendError(res, e);
    return undefined;
  }
}
