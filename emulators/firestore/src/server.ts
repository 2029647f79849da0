/**
 * One TCP port for everything: connections that open with the HTTP/2 preface go to grpc-js
 * (h2c with prior knowledge), all others to an HTTP/1.1 server whose handler is src/http.
 * grpc-js, the protos and the HTTP side are loaded in the background after the port is open.
 */
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { FirestoreBackend } from './backend.ts';
import { createBackend, type Backend } from './core/index.ts';
import type { GrpcSide } from './grpc/index.ts';
import { readExport, writeExport, writeExportSync } from './persistence.ts';

export interface StartOptions {
  /** 0 = a random free port. Default 8080. */
  port?: number;
  /** Default 127.0.0.1 (also ::1 when available). */
  host?: string;
  importDir?: string;
  exportOnExit?: string;
  quiet?: boolean;
}

export interface RunningEmulator {
  port: number;
  host: string;
  backend: Backend;
  exportTo(dir: string): Promise<void>;
  /** Synchronous export, for process exit paths. */
  exportSync(dir: string): void;
  stop(): Promise<void>;
}

interface HttpHandlerLike {
  handle(req: http.IncomingMessage, res: http.ServerResponse): void;
  close(): void;
}

const PREFACE = Buffer.from('PRI * HTTP/2.0');
/** With exportOnExit, a process killed without a chance to export loses at most this much. */
const AUTOSAVE_MS = 1000;

function fallbackHandler(backend: FirestoreBackend): HttpHandlerLike {
  return {
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const clear = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/[^/]+\/documents\/?$/;
      const m = clear.exec(url.pathname);
      if (req.method === 'DELETE' && m) {
        backend.clear(decodeURIComponent(m[1]!));
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      } else if (url.pathname === '/')
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('Ok');
      else res.writeHead(404).end();
    },
    close() {},
  };
}

function listen(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => {
      server.off('listening', onListening);
      reject(e);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ port, host, exclusive: true });
  });
}

/**
 * Saves shortly after changes (SIGKILL, or tsx escalating to it when its child is slow to ack
 * a signal, gives no chance to export on exit). Returns what stop() needs.
 */
function startAutosave(backend: Backend, dir: string) {
  let timer: NodeJS.Timeout | undefined;
  let saving: Promise<unknown> = Promise.resolve();
  const unhook = backend.onChange(() => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      saving = saving
        .then(() => writeExport(dir, backend.exportData()))
        .catch((e) => console.error('firestore emulator: autosave failed:', e));
    }, AUTOSAVE_MS);
    timer.unref();
  });
  return {
    /** Stops autosaving and writes the final export. */
    async finish(): Promise<void> {
      unhook();
      if (timer) clearTimeout(timer);
      try {
        await saving;
        await writeExport(dir, backend.exportData());
      } catch (e) {
        console.error('firestore emulator: export failed:', e);
      }
    },
  };
}

/** The gRPC and HTTP sides, each loaded once on first need. */
function createSides(backend: Backend, exportDir: string, log: (m: string) => void) {
  let grpc: Promise<GrpcSide> | undefined;
  let handlerPromise: Promise<HttpHandlerLike> | undefined;
  const admin = {
    exportData: (): Promise<string> => writeExport(exportDir, backend.exportData()),
  };
  const sides = {
    handler: undefined as HttpHandlerLike | undefined,
    grpc: () =>
      (grpc ??= import('./grpc/index.ts').then((m) =>
        m.loadGrpc(backend, (msg) => console.error(msg)),
      )),
    loadedGrpc: () => grpc,
    http: () =>
      (handlerPromise ??= import('./http/index.ts')
        .then((m) => m.createHttpHandler(backend, admin) as HttpHandlerLike)
        .catch((e) => {
          log(
            `firestore emulator: HTTP side unavailable, using fallback: ${(e as Error)?.message}`,
          );
          return fallbackHandler(backend);
        })
        .then((handler) => (sides.handler = handler))),
  };
  return sides;
}

type Sides = ReturnType<typeof createSides>;

function createHttpServer(sides: Sides): http.Server {
  const server = http.createServer((req, res) => {
    if (sides.handler) return sides.handler.handle(req, res);
    sides.http().then(
      (handler) => handler.handle(req, res),
      () => res.writeHead(500).end(),
    );
  });
  server.keepAliveTimeout = 60_000;
  return server;
}

/** Routes each new connection by its first bytes: the HTTP/2 preface to gRPC, else HTTP/1.1. */
function createConnectionRouter(sides: Sides, httpServer: http.Server) {
  const sockets = new Set<net.Socket>();
  let stopping = false;
  const toGrpc = (socket: net.Socket) =>
    sides.grpc().then(
      (grpc) => {
        if (stopping) return socket.destroy();
        grpc.injector.injectConnection(socket);
        socket.resume();
      },
      (e) => {
        console.error('firestore emulator: cannot load gRPC:', e);
        socket.destroy();
      },
    );
  const onConnection = (socket: net.Socket) => {
    if (stopping) return socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      socket.unshift(chunk);
      const n = Math.min(chunk.length, PREFACE.length);
      if (chunk.subarray(0, n).equals(PREFACE.subarray(0, n))) void toGrpc(socket);
      else {
        httpServer.emit('connection', socket);
        socket.resume();
      }
    });
  };
  return {
    onConnection,
    stop() {
      stopping = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** Listens on `host`, and for the default loopback also on `::1` with the same port. */
async function listenAll(
  host: string,
  port: number,
  onConnection: (socket: net.Socket) => void,
): Promise<{ servers: net.Server[]; port: number }> {
  const primary = net.createServer({ noDelay: true }, onConnection);
  await listen(primary, port, host);
  const servers = [primary];
  const boundPort = (primary.address() as net.AddressInfo).port;
  if (host === '127.0.0.1' || host === 'localhost') {
    const v6 = net.createServer({ noDelay: true }, onConnection);
    try {
      await listen(v6, boundPort, '::1');
      servers.push(v6);
    } catch {
      /* no IPv6 loopback, or the port is taken there: fine */
    }
  }
  return { servers, port: boundPort };
}

export async function start(options: StartOptions = {}): Promise<RunningEmulator> {
  const log = (m: string) => {
    if (!options.quiet) console.error(m);
  };
  const backend = createBackend();
  if (options.importDir) {
    const data = readExport(options.importDir);
    if (data) backend.importData(data);
    else log(`firestore emulator: nothing to import in ${options.importDir}`);
  }
  const exportDir = path.resolve(options.exportOnExit ?? options.importDir ?? 'firestore-export');
  const autosave = options.exportOnExit ? startAutosave(backend, options.exportOnExit) : undefined;
  const sides = createSides(backend, exportDir, log);
  const httpServer = createHttpServer(sides);
  const router = createConnectionRouter(sides, httpServer);
  const host = options.host ?? '127.0.0.1';
  const { servers, port } = await listenAll(host, options.port ?? 8080, router.onConnection);
  // Warm up in the background so the first request does not pay for loading.
  setImmediate(() => {
    sides.grpc().catch(() => {});
    void sides.http();
  });

  let stopped = false;
  return {
    port,
    host: host === 'localhost' ? '127.0.0.1' : host,
    backend,
    exportTo: (dir: string) => writeExport(dir, backend.exportData()).then(() => {}),
    exportSync: (dir: string) => writeExportSync(dir, backend.exportData()),
    async stop() {
      if (stopped) return;
      stopped = true;
      router.stop();
      await autosave?.finish();
      for (const server of servers) server.close();
      sides.handler?.close();
      const grpc = sides.loadedGrpc();
      if (grpc) {
        try {
          const side = await grpc;
          side.injector.destroy();
          side.server.forceShutdown();
        } catch {
          /* never loaded */
        }
      }
      httpServer.close();
      httpServer.closeAllConnections?.();
    },
  };
}
