/**
 * Free TCP ports, chosen by the operating system: listen on port 0, read the port it gave,
 * close (or, for servers that listen much later, chosen at random below the OS's range and
 * checked). No fixed ports, so any number of suites and checkouts can share a machine. Between
 * the close and the caller's own listen another process may take the port: `withFreePort`
 * retries on EADDRINUSE for callers that can tell.
 */
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';

const DEFAULT_HOST = '127.0.0.1';
const ATTEMPTS = 10;

/** `count` distinct free ports: all are held open at once so the OS never hands out one twice. */
export async function freePorts(count: number, host = DEFAULT_HOST): Promise<number[]> {
  // Port 0 is never taken: the OS gives each listener a free port.
  const servers = (await Promise.all(
    Array.from({ length: count }, () => listening(0, host)),
  )) as Server[];
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await closeAll(servers);
  return ports;
}

/** The lowest port `portsToListenOnLater` hands out: clear of the well-known services' ports. */
const LATER_LOWEST = 20_000;

/**
 * `count` distinct free ports for servers that start a while later (a suite stack's ports are
 * chosen when a run starts, and its emulators listen tens of seconds after). Ports the OS hands
 * out (port 0) come from the range it also takes each outgoing connection's own port from
 * (Linux's `ip_local_port_range`): meanwhile one of the run's thousands of connections could
 * hold one, and the emulator's listen would fail. These are chosen below that range, at random,
 * and listened on once to know they are free.
 */
export async function portsToListenOnLater(count: number, host = DEFAULT_HOST): Promise<number[]> {
  const highest = connectionPortsStart() - 1;
  if (highest - LATER_LOWEST < count * 100) return freePorts(count, host);
  const held: Server[] = [];
  const ports = new Set<number>();
  try {
    while (ports.size < count) {
      const port = LATER_LOWEST + Math.floor(Math.random() * (highest - LATER_LOWEST + 1));
      if (ports.has(port)) continue;
      const server = await listening(port, host);
      if (!server) continue;
      held.push(server);
      ports.add(port);
    }
  } finally {
    await closeAll(held);
  }
  return [...ports];
}

/** The first port of the range outgoing connections take theirs from (Linux's, else IANA's). */
function connectionPortsStart(): number {
  try {
    const [first] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (first && Number.isInteger(first)) return first;
  } catch {
    // Not Linux: IANA's dynamic ports, which macOS and Windows use.
  }
  return 49_152;
}

/** A server listening on `port`, or undefined when the port is taken. */
function listening(port: number, host: string): Promise<Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error) => (isAddressInUse(error) ? resolve(undefined) : reject(error)));
    server.listen({ port, host, exclusive: true }, () => resolve(server));
  });
}

function closeAll(servers: Server[]): Promise<unknown> {
  return Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
}

export async function freePort(host = DEFAULT_HOST): Promise<number> {
  const [port] = await freePorts(1, host);
  return port!;
}

export function isAddressInUse(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = String(message ?? error);
  // Node says EADDRINUSE; a child process in another language says it in words (Java).
  return (
    code === 'EADDRINUSE' || text.includes('EADDRINUSE') || text.includes('Address already in use')
  );
}

/**
 * Runs `start(port)` on a free port; when another process took the port first (EADDRINUSE),
 * tries again on a new one. Any other error is the caller's.
 */
export async function withFreePort<T>(
  start: (port: number) => Promise<T>,
  host = DEFAULT_HOST,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      return await start(await freePort(host));
    } catch (error) {
      if (!isAddressInUse(error)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

export interface ListeningServer {
  port: number;
  /** `http://host:port` */
  url: string;
  /** Drops open connections (a test's clients may keep some alive) and closes. */
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on port 0 of `host`: the operating system picks a free port as the
 * server binds, so no other process can take it in between.
 */
export function listenOnFreePort(
  server: HttpServer,
  host = DEFAULT_HOST,
): Promise<ListeningServer> {
  return new Promise<ListeningServer>((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      const { port } = server.address() as AddressInfo;
      resolve({
        port,
        url: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.closeAllConnections();
            server.close((error) => (error ? fail(error) : done()));
          }),
      });
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(0, host);
  });
}

/** A test server's request handler, sync or async; what it returns or resolves to is ignored. */
export type TestRequestHandler = (request: IncomingMessage, response: ServerResponse) => unknown;

/**
 * Node's HTTP server ignores what its listener returns, so an async handler's rejection would be
 * unhandled: it fails the whole run without naming the request. Here it answers 500 with the
 * error's text instead (or cuts the answer already begun), and the test that sent the request
 * fails on it.
 */
export function answeringRejections(
  handler: TestRequestHandler,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    Promise.resolve(handler(request, response)).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(`the test server's handler failed: ${String(error)}`);
    });
  };
}
