/**
 * One TCP port for everything: connections that open with the HTTP/2 preface go to the gRPC
 * server (src/grpc, h2c with prior knowledge), all others to an HTTP/1.1 server whose handler is
 * src/http. The port opens only once the protos, both sides and the rules are loaded: a part
 * that fails to load fails the start (the CLI then exits non-zero with the reason). Node's own
 * `http2` and `http` come with the first client of each (README, "Memory").
 */
import type http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { createAccessHooks, RulesRegistry } from './access.ts';
import { createBackend, createCoreState, type Backend } from './core/index.ts';
import { createFirestoreGrpc, type GrpcServer } from './grpc/index.ts';
import { createHttpHandler, type HttpHandler } from './http/index.ts';
import { startJournal, replayJournal } from './journal.ts';
import { readExport, writeExport, writeExportSync } from './persistence.ts';
import { compileRules } from './rules/index.ts';
import { IndexEnforcer, type IndexMode } from './indexes/gate.ts';
import { loadIndexesFile, watchIndexesFile } from './indexes-file.ts';
import { loadRulesFile, watchRulesFile } from './rules-file.ts';

export interface StartOptions {
  /** 0 = a random free port. Default 8080. */
  port?: number;
  /** Default 127.0.0.1 (also ::1 when available). */
  host?: string;
  importDir?: string;
  exportOnExit?: string;
  quiet?: boolean;
  /** A security rules file (firebase.json's `firestore.rules`), for every project. */
  rules?: string;
  /** Reload `rules` when the file changes (default true). */
  watchRules?: boolean;
  /** firebase.json's `firestore.indexes` file: queries production could not serve are refused. */
  indexes?: string;
  /** `enforce` (default): FAILED_PRECONDITION; `warn`: a log line and `indexes-needed.json`. */
  indexesMode?: IndexMode;
  /** Reload `indexes` when the file changes (default true). */
  watchIndexes?: boolean;
}

export interface RunningEmulator {
  port: number;
  host: string;
  backend: Backend;
  /** The rules in force, per project (PUT securityRules) and from the file. */
  rules: RulesRegistry;
  exportTo(dir: string): Promise<void>;
  /** Synchronous export, for process exit paths. */
  exportSync(dir: string): void;
  stop(): Promise<void>;
}

const PREFACE = Buffer.from('PRI * HTTP/2.0');

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

interface Sides {
  grpc: GrpcServer;
  http: HttpHandler;
}

/** Loads the gRPC and HTTP sides; throws with the reason when either cannot load. */
function loadSides(backend: Backend, rules: RulesRegistry, exportDir: string): Sides {
  const admin = {
    exportData: (): Promise<string> => writeExport(exportDir, backend.exportData()),
    setRules(projectId: string, source: string) {
      const result = compileRules(source);
      if (!result.ok) return result.errors;
      rules.setProjectRules(projectId, result.rules);
      return [];
    },
  };
  let grpc: GrpcServer;
  try {
    grpc = createFirestoreGrpc(backend, (msg) => console.error(msg));
  } catch (e) {
    throw new Error(`cannot load the gRPC side (the Firestore protos): ${(e as Error).message}`, {
      cause: e,
    });
  }
  return { grpc, http: createHttpHandler(backend, admin) };
}

/**
 * The HTTP/1.1 server (WebChannel and REST), created with node:http when the first such client
 * connects, as the gRPC side loads node:http2: an emulator only the Admin SDK talks to needs
 * neither of the other's modules.
 */
function lazyHttpServer(sides: Sides) {
  let server: http.Server | undefined;
  return {
    get(): http.Server {
      if (!server) {
        server = process
          .getBuiltinModule('node:http')
          .createServer((req, res) => sides.http.handle(req, res));
        server.keepAliveTimeout = 60_000;
      }
      return server;
    },
    close() {
      server?.close();
      server?.closeAllConnections();
    },
  };
}

/** Routes each new connection by its first bytes: the HTTP/2 preface to gRPC, else HTTP/1.1. */
function createConnectionRouter(sides: Sides, httpServer: ReturnType<typeof lazyHttpServer>) {
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
      if (chunk.subarray(0, n).equals(PREFACE.subarray(0, n))) sides.grpc.accept(socket);
      else {
        httpServer.get().emit('connection', socket);
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
  const rules = new RulesRegistry();
  if (options.rules) rules.setFileRules(loadRulesFile(options.rules));
  const exportDir = path.resolve(options.exportOnExit ?? options.importDir ?? 'firestore-export');
  const indexes = options.indexes
    ? new IndexEnforcer(options.indexesMode ?? 'enforce', log, exportDir)
    : undefined;
  if (options.indexes) indexes!.setConfig(loadIndexesFile(options.indexes));
  const backend = createBackend(createCoreState(createAccessHooks(rules), indexes));
  if (options.importDir) {
    const data = readExport(options.importDir);
    if (data) backend.importData(data);
    const replayed = replayJournal(options.importDir, backend, data);
    if (replayed) log(`firestore emulator: replayed ${replayed} commits of the journal`);
    else if (!data) log(`firestore emulator: nothing to import in ${options.importDir}`);
  }
  // Every acknowledged commit is journaled beside the export (README, Persistence).
  const journal = options.exportOnExit
    ? startJournal(options.exportOnExit, backend, log)
    : undefined;
  const sides = loadSides(backend, rules, exportDir);
  const httpServer = lazyHttpServer(sides);
  const router = createConnectionRouter(sides, httpServer);
  const host = options.host ?? '127.0.0.1';
  let listening: Awaited<ReturnType<typeof listenAll>>;
  try {
    listening = await listenAll(host, options.port ?? 8080, router.onConnection);
  } catch (e) {
    sides.http.close();
    sides.grpc.close();
    journal?.close();
    throw e;
  }
  const { servers, port } = listening;
  const stopWatching =
    options.rules && options.watchRules !== false
      ? watchRulesFile(options.rules, (compiled) => rules.setFileRules(compiled), log)
      : undefined;
  const stopWatchingIndexes =
    options.indexes && indexes && options.watchIndexes !== false
      ? watchIndexesFile(options.indexes, (config) => indexes.setConfig(config), log)
      : undefined;

  let stopped = false;
  return {
    port,
    host: host === 'localhost' ? '127.0.0.1' : host,
    backend,
    rules,
    exportTo: (dir: string) => writeExport(dir, backend.exportData()).then(() => {}),
    exportSync: (dir: string) => writeExportSync(dir, backend.exportData()),
    async stop() {
      if (stopped) return;
      stopped = true;
      stopWatching?.();
      stopWatchingIndexes?.();
      router.stop();
      try {
        journal?.close();
      } catch (e) {
        console.error('firestore emulator: export failed:', e);
      }
      for (const server of servers) server.close();
      sides.http.close();
      sides.grpc.close();
      httpServer.close();
    },
  };
}
