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

function fallbackHandler(backend: FirestoreBackend): HttpHandlerLike {
  return {
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const m = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/[^/]+\/documents\/?$/.exec(url.pathname);
      if (req.method === 'DELETE' && m) {
        backend.clear(decodeURIComponent(m[1]!));
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      } else if (url.pathname === '/') res.writeHead(200, { 'Content-Type': 'text/plain' }).end('Ok');
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

export async function start(options: StartOptions = {}): Promise<RunningEmulator> {
  const quiet = !!options.quiet;
  const log = (m: string) => {
    if (!quiet) console.error(m);
  };
  const backend = createBackend();
  if (options.importDir) {
    const data = readExport(options.importDir);
    if (data) backend.importData(data);
    else log(`firestore emulator: nothing to import in ${options.importDir}`);
  }
  const defaultExportDir = path.resolve(options.exportOnExit ?? options.importDir ?? 'firestore-export');

  // With exportOnExit, also save shortly after changes: a process killed without a chance to
  // export (e.g. SIGKILL; tsx escalates to it when its child is slow to ack a signal) loses at
  // most AUTOSAVE_MS of writes.
  const AUTOSAVE_MS = 1000;
  let autosaveTimer: NodeJS.Timeout | undefined;
  let saving: Promise<unknown> = Promise.resolve();
  const unhook = options.exportOnExit
    ? backend.onChange(() => {
        if (autosaveTimer) return;
        autosaveTimer = setTimeout(() => {
          autosaveTimer = undefined;
          saving = saving
            .then(() => writeExport(options.exportOnExit!, backend.exportData()))
            .catch((e) => console.error('firestore emulator: autosave failed:', e));
        }, AUTOSAVE_MS);
        autosaveTimer.unref();
      })
    : () => {};

  let grpcP: Promise<GrpcSide> | undefined;
  const getGrpc = () =>
    (grpcP ??= import('./grpc/index.ts').then((m) => m.loadGrpc(backend, (msg) => console.error(msg))));

  const admin = {
    async exportData(): Promise<string> {
      return writeExport(defaultExportDir, backend.exportData());
    },
  };
  let handlerP: Promise<HttpHandlerLike> | undefined;
  const getHandler = () =>
    (handlerP ??= import('./http/index.ts')
      .then((m) => m.createHttpHandler(backend, admin) as HttpHandlerLike)
      .catch((e) => {
        log(`firestore emulator: HTTP side unavailable, using fallback: ${(e as Error)?.message}`);
        return fallbackHandler(backend);
      }));
  let handler: HttpHandlerLike | undefined;
  const httpServer = http.createServer((req, res) => {
    if (handler) return handler.handle(req, res);
    getHandler().then(
      (h) => {
        handler = h;
        h.handle(req, res);
      },
      () => res.writeHead(500).end(),
    );
  });
  httpServer.keepAliveTimeout = 60_000;

  const sockets = new Set<net.Socket>();
  let stopping = false;
  const onConnection = (socket: net.Socket) => {
    if (stopping) return socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      socket.unshift(chunk);
      const n = Math.min(chunk.length, PREFACE.length);
      if (chunk.subarray(0, n).equals(PREFACE.subarray(0, n))) {
        getGrpc().then(
          (g) => {
            if (stopping) return socket.destroy();
            g.injector.injectConnection(socket);
            socket.resume();
          },
          (e) => {
            console.error('firestore emulator: cannot load gRPC:', e);
            socket.destroy();
          },
        );
      } else {
        httpServer.emit('connection', socket);
        socket.resume();
      }
    });
  };

  const host = options.host ?? '127.0.0.1';
  const servers: net.Server[] = [];
  const primary = net.createServer({ noDelay: true }, onConnection);
  await listen(primary, options.port ?? 8080, host);
  servers.push(primary);
  const port = (primary.address() as net.AddressInfo).port;
  if (host === '127.0.0.1' || host === 'localhost') {
    const v6 = net.createServer({ noDelay: true }, onConnection);
    try {
      await listen(v6, port, '::1');
      servers.push(v6);
    } catch {
      /* no IPv6 loopback, or the port is taken there: fine */
    }
  }
  // Warm up in the background so the first request does not pay for loading.
  setImmediate(() => {
    getGrpc().catch(() => {});
    getHandler().then((h) => (handler = h));
  });

  const emu: RunningEmulator = {
    port,
    host: host === 'localhost' ? '127.0.0.1' : host,
    backend,
    async exportTo(dir: string) {
      await writeExport(dir, backend.exportData());
    },
    exportSync(dir: string) {
      writeExportSync(dir, backend.exportData());
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      unhook();
      if (autosaveTimer) clearTimeout(autosaveTimer);
      if (options.exportOnExit) {
        try {
          await saving;
          await writeExport(options.exportOnExit, backend.exportData());
        } catch (e) {
          console.error('firestore emulator: export failed:', e);
        }
      }
      for (const s of servers) s.close();
      for (const s of sockets) s.destroy();
      if (handler) handler.close();
      if (grpcP) {
        try {
          const g = await grpcP;
          g.injector.destroy();
          g.server.forceShutdown();
        } catch {
          /* never loaded */
        }
      }
      httpServer.close();
      httpServer.closeAllConnections?.();
    },
  };
  return emu;
}
