/**
 * The HTTP/1.1 side of the emulator: WebChannel (Listen/Write), the web SDK's REST calls, CORS,
 * and the emulator admin endpoints. What the SDK actually sends: src/http/README-wire.md.
 */
import type http from 'node:http';
import { Code, type FirestoreBackend } from '../backend.ts';
import { handleRest, isRestPath } from './rest.ts';
import { debug, discardBody, HttpError, readJsonBody, sendError, sendJson } from './util.ts';
import { matchChannel, WebChannelServer } from './webchannel/index.ts';

export interface HttpHandler {
  handle(req: http.IncomingMessage, res: http.ServerResponse): void;
  close(): void;
}

function applyCors(req: http.IncomingMessage, res: http.ServerResponse): void {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  } else {
    res.setHeader('Access-Control-Allow-Origin', '*');
  }
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', 'X-HTTP-Session-Id');
}

function preflight(req: http.IncomingMessage, res: http.ServerResponse): void {
  const requested = req.headers['access-control-request-headers'];
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
  res.setHeader(
    'Access-Control-Allow-Headers',
    requested ||
      'Authorization, Content-Type, X-Goog-Api-Client, X-Firebase-GMPID, X-Firebase-AppCheck, X-Goog-Api-Key, google-cloud-resource-prefix, x-goog-request-params',
  );
  res.setHeader('Access-Control-Max-Age', '3600');
  res.writeHead(204, { 'Content-Length': 0 });
  res.end();
}

const CLEAR_RE = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents\/?$/;
const EXPORT_RE = /^\/emulator\/v1\/projects\/([^/:]+):export$/;
const RULES_RE = /^\/emulator\/v1\/projects\/([^/:]+):securityRules$/;

/** What the emulator admin endpoints can do beyond the Firestore service. */
export interface EmulatorAdmin {
  exportData(): Promise<string>;
  /** Compiles and installs a project's rules; answers the compile errors, if any. */
  setRules?(projectId: string, source: string): { line: number; column: number; message: string }[];
}

/**
 * `PUT /emulator/v1/projects/{p}:securityRules` with `{rules:{files:[{name?, content}]}}` (what
 * `@firebase/rules-unit-testing` and firebase-tools send). Answers `{}`, or 400 with the errors
 * in Google's form: `Error compiling rules:\nL4:17 message`.
 */
async function putRules(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  admin: EmulatorAdmin,
  projectId: string,
): Promise<void> {
  const body = await readJsonBody(req, res);
  const files = (body.rules as { files?: unknown } | undefined)?.files;
  const contents = Array.isArray(files)
    ? files.map((file) => (file as { content?: unknown } | null)?.content)
    : [];
  if (!contents.length || contents.some((content) => typeof content !== 'string')) {
    throw new HttpError(400, Code.INVALID_ARGUMENT, 'Expected rules.files[].content (strings).');
  }
  if (!admin.setRules)
    throw new HttpError(501, Code.UNIMPLEMENTED, 'Security rules are not enabled.');
  const errors = admin.setRules(projectId, contents.join('\n'));
  if (errors.length) {
    const lines = errors.map((e) => `L${e.line}:${e.column} ${e.message}`);
    throw new HttpError(400, Code.INVALID_ARGUMENT, `Error compiling rules:\n${lines.join('\n')}`);
  }
  sendJson(res, 200, {});
}

export function createHttpHandler(backend: FirestoreBackend, admin: EmulatorAdmin): HttpHandler {
  const channels = new WebChannelServer(backend);
  const openResponses = new Set<http.ServerResponse>();
  let closed = false;

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    debug(`${method} ${req.url} origin=${req.headers.origin ?? '-'}`);
    applyCors(req, res);
    if (method === 'OPTIONS') return preflight(req, res);

    const channel = matchChannel(url.pathname);
    if (channel) return channels.handle(channel, req, res, url);

    if (isRestPath(url.pathname)) return handleRest(backend, req, res, url);

    if (url.pathname === '/' && (method === 'GET' || method === 'HEAD')) {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': 2 });
      res.end(method === 'HEAD' ? undefined : 'Ok');
      return;
    }

    const rules = RULES_RE.exec(url.pathname);
    if (rules && method === 'PUT') return putRules(req, res, admin, decodeURIComponent(rules[1]!));

    let m = CLEAR_RE.exec(url.pathname);
    if (m && method === 'DELETE') {
      backend.clear(decodeURIComponent(m[1]!));
      sendJson(res, 200, {});
      return;
    }
    m = EXPORT_RE.exec(url.pathname);
    if (m && method === 'POST') {
      await discardBody(req);
      const path = await admin.exportData();
      sendJson(res, 200, { path });
      return;
    }
    if (method === 'POST' || method === 'PUT' || method === 'PATCH') await discardBody(req);
    throw new HttpError(404, Code.NOT_FOUND, `Not found: ${method} ${url.pathname}`);
  }

  return {
    handle(req, res) {
      if (closed) {
        res.writeHead(503, { Connection: 'close' });
        res.end();
        return;
      }
      openResponses.add(res);
      res.on('close', () => openResponses.delete(res));
      req.on('error', (e) => debug('request error', e));
      res.on('error', (e) => debug('response error', e));
      try {
        route(req, res).catch((e: unknown) => {
          try {
            sendError(res, e);
          } catch (e2) {
            debug('could not send error', e2);
            res.destroy();
          }
        });
      } catch (e) {
        sendError(res, e);
      }
    },
    close() {
      closed = true;
      channels.close();
      for (const res of openResponses) {
        try {
          if (!res.headersSent) res.writeHead(503, { Connection: 'close' });
          res.end();
        } catch {
          /* ignore */
        }
      }
      openResponses.clear();
    },
  };
}
